/**
 * The package as a user gets it: `npm pack` (exactly the published files),
 * unpacked into node_modules/booking-widget of a scratch project. The project
 * sits under this repository's node_modules/.cache, so `lit`, `react` and the
 * other dependencies resolve from the repository's own install, as they would
 * from the user's. Each scratch project is a folder of its own (`mkdtemp`): test
 * files run side by side, and none may write where another reads.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO } from './paths.js';

const run = promisify(execFile);

export interface PackedFile {
  path: string;
  size: number;
}

/** `npm pack --dry-run`'s list: what the tarball would hold. */
export async function packList(): Promise<PackedFile[]> {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--ignore-scripts', '--json'], { cwd: REPO });
  return (JSON.parse(stdout) as { files: PackedFile[] }[])[0]!.files;
}

/**
 * A new, empty folder under this repository's node_modules/.cache/booking-widget-e2e (so that packages
 * resolve from its install), named `<name>-XXXXXX`: never one another test file, or another run, uses.
 */
export async function scratchProject(name: string): Promise<string> {
  const parent = join(REPO, 'node_modules', '.cache', 'booking-widget-e2e');
  await mkdir(parent, { recursive: true });
  return mkdtemp(join(parent, `${name}-`));
}

/** A scratch project holding `template`'s files (if any) and the packed package; returns its folder, removed on exit. */
export async function projectWithPackage(name: string, template?: string): Promise<string> {
  const project = await scratchProject(name);
  process.once('exit', () => rmSync(project, { recursive: true, force: true }));
  const installed = join(project, 'node_modules', 'booking-widget');
  await mkdir(installed, { recursive: true });
  if (template) await cp(template, project, { recursive: true });
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', project], { cwd: REPO });
  const [{ filename }] = JSON.parse(stdout) as { filename: string }[];
  await run('tar', ['-xzf', join(project, filename), '-C', installed, '--strip-components=1']);
  return project;
}

export interface TypesProblem {
  kind: string;
  entrypoint: string;
  resolutionKind?: string;
}

/**
 * What the tools a user's editor and bundler trust say of a tarball: the problems
 * attw (`--profile esm-only`) finds in its types, and publint's (`--strict`) output.
 */
export async function lintTarball(tarball: string): Promise<{ typesProblems: TypesProblem[]; publint: string }> {
  const attw = await run(process.execPath, [
    join(REPO, 'node_modules/@arethetypeswrong/cli/dist/index.js'),
    tarball,
    '--profile',
    'esm-only',
    '--format',
    'json',
  ]).catch((failure: { stdout: string }) => failure);
  const { analysis } = JSON.parse(attw.stdout) as { analysis: { problems: TypesProblem[] } };
  // esm-only: an ESM package is not required from CommonJS, nor resolved the node10 way; every other problem counts.
  const typesProblems = analysis.problems.filter(
    (problem) => problem.resolutionKind !== 'node10' && problem.resolutionKind !== 'node16-cjs',
  );
  const { stdout } = await run(process.execPath, [join(REPO, 'node_modules/publint/src/cli.js'), 'run', tarball, '--strict']);
  return { typesProblems, publint: stdout };
}

/** Type-checks a project against the package's published declarations (`tsc -p project`). */
export async function typecheck(project: string): Promise<void> {
  await run(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], { cwd: project });
}

let tarball: Promise<string> | undefined;

/** `npm pack`, once per test file (each runs in its own process): the tarball's path. Removed on exit. */
export function packedTarball(): Promise<string> {
  return (tarball ??= (async () => {
    const folder = await mkdtemp(join(tmpdir(), 'booking-widget-pack-'));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], { cwd: REPO });
    const [{ filename }] = JSON.parse(stdout) as { filename: string }[];
    return join(folder, filename);
  })());
}

/**
 * A scratch project in the temporary directory holding `template`'s files and the
 * packed package in node_modules/booking-widget; every other package links to this
 * repository's install (the framework and its type packages are devDependencies).
 * Unlike projectWithPackage's, its path has no node_modules in it: svelte-check
 * skips any file under one. Returns the folder and a function that removes it.
 */
export async function linkedProject(template: string): Promise<{ project: string; remove: () => Promise<void> }> {
  const project = await mkdtemp(join(tmpdir(), 'booking-widget-consumer-'));
  const modules = join(project, 'node_modules');
  await cp(template, project, { recursive: true });
  const own = join(modules, 'booking-widget');
  await mkdir(own, { recursive: true });
  const installed = join(REPO, 'node_modules');
  for (const entry of await readdir(installed)) {
    if (entry.startsWith('.') || entry === 'booking-widget') continue;
    if (!entry.startsWith('@')) {
      await symlink(join(installed, entry), join(modules, entry));
      continue;
    }
    await mkdir(join(modules, entry));
    for (const name of await readdir(join(installed, entry))) await symlink(join(installed, entry, name), join(modules, entry, name));
  }
  await run('tar', ['-xzf', await packedTarball(), '-C', own, '--strip-components=1']);
  return { project, remove: () => rm(project, { recursive: true, force: true }) };
}
