/** Manage mode's chunk (lazy-parts.ts): `<bw-manage>` and the controller that feeds it, which only a page opened with a manage link fetches. */
import '../manage/manage.js';

export { ManageController } from './manage-controller.js';
