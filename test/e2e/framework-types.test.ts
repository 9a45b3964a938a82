/**
 * The raw tags' typings (`booking-widget/types/*`) as each framework's users get
 * them: the packed package installed in a React, a Vue, a Svelte and a Solid
 * project (test/e2e/apps/types/), each checked by that framework's own checker
 * under `strict` with `skipLibCheck: false`. The good files must pass; in the bad
 * files every line marked `expect-error: <message>` must fail with that message,
 * and no other line may fail.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { linkedProject } from './support/installed-package.js';
import { APPS, REPO } from './support/paths.js';

const run = promisify(execFile);
const bin = (path: string) => join(REPO, 'node_modules', path);

interface Diagnostic {
  /** `file:line`, the file relative to the project. */
  at: string;
  message: string;
}

/** tsc's and vue-tsc's `file(line,col): error TSxxxx: message`, continuation lines included. */
function tscDiagnostics(output: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const line of output.split('\n')) {
    const match = /^(.+?)\((\d+),\d+\): error TS\d+: (.*)$/.exec(line);
    if (match) diagnostics.push({ at: `${match[1]}:${match[2]}`, message: match[3]! });
    else if (line.trim() && diagnostics.length) diagnostics.at(-1)!.message += ` ${line.trim()}`;
  }
  return diagnostics;
}

/** svelte-check's `--output machine`: `<time> ERROR "file" line:col "message"`, warnings counted too. */
function svelteDiagnostics(output: string): Diagnostic[] {
  return [...output.matchAll(/^\d+ (?:ERROR|WARNING) "(.+?)" (\d+):\d+ "(.*)"$/gm)].map(([, file, line, message]) => ({
    at: `${file}:${line}`,
    message: message!.replace(/\\"/g, '"'),
  }));
}

interface Checker {
  /** The command, run in the project's folder. */
  command(project: string): string[];
  parse(output: string): Diagnostic[];
}

const tsc: Checker = { command: () => [bin('typescript/bin/tsc'), '-p', '.', '--pretty', 'false'], parse: tscDiagnostics };

const checkers: Record<string, Checker> = {
  react: tsc,
  vue: { command: () => [bin('vue-tsc/bin/vue-tsc.js'), '-p', '.', '--pretty', 'false'], parse: tscDiagnostics },
  svelte: {
    command: () => [bin('svelte-check/bin/svelte-check'), '--workspace', '.', '--tsconfig', './tsconfig.json', '--output', 'machine'],
    parse: svelteDiagnostics,
  },
  solid: tsc,
};

/** The `expect-error: <message>` markers of a project's files: `file:line` → message. */
async function expectedErrors(project: string): Promise<Map<string, string>> {
  const expected = new Map<string, string>();
  for (const file of await readdir(project)) {
    if (!/\.(tsx?|vue|svelte)$/.test(file)) continue;
    const lines = (await readFile(join(project, file), 'utf8')).split('\n');
    lines.forEach((line, index) => {
      const marker = /expect-error: (.+?)\s*(?:\*\/\}|-->)?\s*$/.exec(line);
      if (marker) expected.set(`${file}:${index + 1}`, marker[1]!);
    });
  }
  return expected;
}

const cleanups: (() => Promise<void>)[] = [];
after(() => Promise.all(cleanups.map((cleanup) => cleanup())));

for (const [framework, checker] of Object.entries(checkers)) {
  test(`${framework}: the raw tags type-check against the packed package, and wrong attributes, values and event details fail`, async () => {
    const { project, remove } = await linkedProject(join(APPS, 'types', framework));
    cleanups.push(remove);
    const [program, ...args] = checker.command(project);
    const { stdout, stderr } = await run(process.execPath, [program!, ...args], { cwd: project, maxBuffer: 16 * 1024 * 1024 }).catch(
      (failure: { stdout: string; stderr: string }) => failure,
    );
    const diagnostics = checker.parse(stdout).map((d) => ({ ...d, at: d.at.startsWith('/') ? relative(project, d.at) : d.at }));
    const expected = await expectedErrors(project);
    assert.ok(expected.size >= 5, `${framework}: the bad file marks its errors`);

    const unexpected = diagnostics.filter((d) => !expected.get(d.at) || !d.message.includes(expected.get(d.at)!));
    assert.deepEqual(unexpected, [], `${framework}: only the marked lines fail, with their message\n${stdout}${stderr}`);
    const missing = [...expected].filter(([at, message]) => !diagnostics.some((d) => d.at === at && d.message.includes(message)));
    assert.deepEqual(missing, [], `${framework}: every marked line fails\n${stdout}${stderr}`);
  });
}

/**
 * The Vue guide as its reader applies it (issue 27 point 7): the create-vite vue-ts template
 * (test/e2e/apps/create-vite/vue-ts) with the guide's tsconfig.app.json settings added, its
 * Vue example as `src/App.vue` plus one misspelt attribute, checked by vue-tsc as the
 * template's build does. The template's own `import './style.css'` must still pass (the
 * guide adds to `types`, keeping `vite/client`), and only the misspelt line may fail.
 */
test('vue: the create-vite template with the guide’s settings checks the guide’s component and catches a misspelt attribute', async () => {
  const template = join(APPS, 'create-vite', 'vue-ts');
  const { project, remove } = await linkedProject(template);
  cleanups.push(remove);
  const guide = await readFile(join(REPO, 'docs/embed/frameworks.md'), 'utf8');
  const vueSection = guide.slice(guide.indexOf('## Vue 3'), guide.indexOf('## Svelte'));
  const settings = jsonc(/```jsonc\n([\s\S]*?)```/.exec(vueSection)![1]!);
  const component = /```vue\n([\s\S]*?)```/.exec(vueSection)![1]!;

  const config = jsonc(await readFile(join(template, 'tsconfig.app.json'), 'utf8'));
  const guideOptions = settings.compilerOptions as Record<string, unknown>;
  Object.assign(config.compilerOptions as Record<string, unknown>, guideOptions);
  config.vueCompilerOptions = settings.vueCompilerOptions;
  await writeFile(join(project, 'tsconfig.app.json'), JSON.stringify(config, null, 2));
  const misspelt = '  <booking-widget compnay-id="your-company" />\n';
  await writeFile(join(project, 'src', 'App.vue'), component.replace('</template>', `${misspelt}</template>`));

  const { stdout, stderr } = await run(process.execPath, [bin('vue-tsc/bin/vue-tsc.js'), '-p', 'tsconfig.app.json', '--pretty', 'false'], {
    cwd: project,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((failure: { stdout: string; stderr: string }) => failure);
  const diagnostics = tscDiagnostics(stdout);
  const misspeltLine = component.split('\n').indexOf('</template>') + 1;
  assert.deepEqual(
    diagnostics.map((d) => d.at),
    [`src/App.vue:${misspeltLine}`],
    `only the misspelt attribute fails\n${stdout}${stderr}`,
  );
  assert.match(diagnostics[0]!.message, /'compnayId' does not exist.*Did you mean to write 'companyId'\?/);
});

/** JSON with comments, as tsconfig files and the guides' `jsonc` blocks are written (`/* … *\/` only on lines of their own). */
function jsonc(text: string): Record<string, unknown> {
  return JSON.parse(
    text
      .replace(/^\s*\/\*.*\*\/\s*$/gm, '')
      .replace(/^\s*\/\/.*$/gm, '')
      .replace(/,(\s*[}\]])/g, '$1'),
  ) as Record<string, unknown>;
}
