// Lists, live, what the page's Content-Security-Policy blocked. It loads before the widget to see everything.
const list = document.querySelector('#violation-list')!;
const summary = document.querySelector('#violations')!;
let count = 0;

const show = () => {
  summary.textContent = count === 0 ? 'No CSP violation so far.' : `${count} CSP violation${count === 1 ? '' : 's'}:`;
};

document.addEventListener('securitypolicyviolation', (event) => {
  count += 1;
  const item = document.createElement('li');
  item.textContent = `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`;
  list.append(item);
  show();
});

show();

export {};
