import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { link, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileStore } from '../../packages/sandbox/src/file-store.js';
import { SANDBOX_CREDENTIALS, createSandbox, type SandboxSnapshot } from '../../packages/sandbox/src/index.js';
import { CLIENTS, CLINIC, NOW, SALON, SandboxClient, assertError, book } from './sandbox-support.js';

const directories: string[] = [];
after(() => Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true }))));

async function dataFile(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'sandbox-persistence-'));
  directories.push(directory);
  return join(directory, 'state.json');
}

const start = (file: string) => new SandboxClient(createSandbox({ now: NOW, persistence: fileStore(file) }));
const clientCount = async (file: string) => (JSON.parse(await readFile(file, 'utf8')) as SandboxSnapshot).clients.length;
const MENS_CUT = { clientId: '5001', serviceId: '2002', staffId: '3001', start: '2026-03-05T09:00:00', end: '2026-03-05T09:30:00' };

describe('sandbox persistence', () => {
  test('the state survives a restart: records, bookings, deletions and tokens', async () => {
    const file = await dataFile();
    const first = start(file);
    const person = await first.create(CLIENTS, { firstName: 'Mia', lastName: 'Lopez' });
    assert.equal((await book(first, { path: SALON, id: '1001' }, MENS_CUT)).status, 200);
    assert.equal((await first.put(SALON, { name: 'Maple Street Studio' })).status, 200);
    assert.equal((await first.delete(CLINIC)).status, 204);
    const { oauth } = SANDBOX_CREDENTIALS;
    const code = new URL(
      (await first.get(`/o/oauth2/auth?client_id=${oauth.clientId}`, { anonymous: true })).headers.get('location')!,
    ).searchParams.get('code')!;
    const tokens = await first.request('POST', '/o/oauth2/token', {
      anonymous: true,
      raw: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: oauth.redirectUri,
        client_id: oauth.clientId,
        client_secret: oauth.clientSecret,
      }),
    });

    const second = start(file);
    assert.deepEqual((await second.get(`${CLIENTS}/${person.id}`)).body, person);
    assert.equal((await second.get(SALON)).body.name, 'Maple Street Studio');
    assertError(await second.get(CLINIC), 404, 'NOT_FOUND');
    assertError(await book(second, { path: SALON, id: '1001' }, MENS_CUT), 409, 'STAFF_NOT_AVAILABLE', 'staff.id');
    const bearer = await second.get(SALON, { anonymous: true, headers: { Authorization: `Bearer ${tokens.body.access_token}` } });
    assert.equal(bearer.status, 200);
  });

  test('each save writes a new file and renames it over the old one; no temporary file stays', async () => {
    const file = await dataFile();
    const client = start(file);
    await client.create(CLIENTS, { firstName: 'One', lastName: 'Client' });
    const before = join(file, '..', 'before.json');
    await link(file, before); // a second name for the file as it is now
    await client.create(CLIENTS, { firstName: 'Two', lastName: 'Clients' });

    // Written in place, the old name would show the new content too.
    assert.equal(await clientCount(before), 7);
    assert.equal(await clientCount(file), 8);
    assert.notEqual((await stat(before)).ino, (await stat(file)).ino);
    assert.deepEqual((await readdir(join(file, '..'))).sort(), ['before.json', 'state.json']);
  });

  test('concurrent changes all reach the file, and an answer means the change is stored', async () => {
    const file = await dataFile();
    const client = start(file);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, n) => client.post(CLIENTS, { firstName: 'Client', lastName: `#${n}` })),
    );
    assert.deepEqual(new Set(replies.map((reply) => reply.status)), new Set([200]));
    assert.equal(await clientCount(file), 26);
    assert.equal((await start(file).get(CLIENTS)).body.items.length, 26);
  });

  test('reads and refused requests save nothing; changes save once', async () => {
    const saves: SandboxSnapshot[] = [];
    const client = new SandboxClient(
      createSandbox({ now: NOW, persistence: { load: () => undefined, save: (snapshot) => void saves.push(snapshot) } }),
    );
    await client.get(SALON);
    await client.get(`${SALON}/widget/freeSlots?startDate=2026-03-05&endDate=2026-03-05&serviceId=2002`);
    assertError(await client.post(CLIENTS, { firstName: 'No last name' }), 400, 'INVALID_PARAMETER', 'lastName');
    assert.equal(saves.length, 0);
    await client.post(CLIENTS, { firstName: 'A', lastName: 'B' });
    assert.equal(saves.length, 1);
    assert.equal(saves[0]!.clients.length, 7);
  });

  test('without a file the sandbox starts from the seed and writes only on the first change', async () => {
    const file = await dataFile();
    const client = start(file);
    assert.equal((await client.get(SALON)).status, 200);
    assert.equal(existsSync(file), false);
    await client.create(CLIENTS, { firstName: 'A', lastName: 'B' });
    assert.equal(existsSync(file), true);
  });

  test('a file that is not sandbox state is refused when the sandbox starts', async () => {
    const file = await dataFile();
    await writeFile(file, '{"hello": "world"}');
    assert.throws(() => start(file), /Not a sandbox state/);
    await writeFile(file, 'garbage');
    assert.throws(() => start(file), /not valid JSON.*move it away/);
  });
});
