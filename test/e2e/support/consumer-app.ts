/** Builds one of test/e2e/apps with Vite, against the packed package, as its user would. */
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'vite';
import { projectWithPackage } from './installed-package.js';
import { APPS } from './paths.js';

export interface ConsumerApp {
  /** The project folder (sources, node_modules/booking-widget). */
  project: string;
  /** `vite build`'s output, to serve. */
  dist: string;
}

export async function buildConsumerApp(name: string): Promise<ConsumerApp> {
  const project = await projectWithPackage(name, join(APPS, name));
  await copyFile(join(APPS, 'tsconfig.json'), join(project, 'tsconfig.json'));
  await build({ root: project, configFile: false, logLevel: 'warn', build: { outDir: 'dist', emptyOutDir: true } });
  return { project, dist: join(project, 'dist') };
}
