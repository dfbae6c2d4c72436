import { createHash, randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { readStream } from '../../core/eventStore';
import { files } from '../../core/files/filesProjection';
import { LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { generateKey, type TestKey } from '../support/accounts';
import { agentNetwork } from '../support/agentNetwork';
import { endlessUpload } from '../support/endlessUpload';
import { json } from '../support/json';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

const TEN_MB = 10 * 1024 * 1024;
let service: TestService;
let net: ReturnType<typeof agentNetwork>;
let alice: TestKey;
let bob: TestKey;
let aliceAgent: string;
beforeAll(async () => {
  service = await startTestService();
  net = agentNetwork(service.baseUrl);
  [alice, bob] = await Promise.all([generateKey(service.baseUrl, 'alice'), generateKey(service.baseUrl, 'bob')]);
  aliceAgent = await net.register(alice, 'alice-files');
});
afterAll(() => service.stop());

const multipart = (bytes: Buffer, filename: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type: 'text/plain' }), filename);
  return form;
};
const uploadForm = (form: FormData, auth: Record<string, string>) => fetch(`${service.baseUrl}/files/upload`, { method: 'POST', headers: auth, body: form });
const uploadJson = (body: Record<string, unknown>, auth: Record<string, string>) => net.post('/files/upload', body, auth);
const blobCount = async () =>
  Number(
    (
      await service.database.db
        .selectFrom('file_blobs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const filesOf = (owner: string) => service.database.db.withSchema(LIVE_SCHEMA).selectFrom('files').selectAll().where('owner', '=', owner).execute();

describe('uploading', () => {
  it('stores exactly 10 MB sent as multipart, typed from its bytes, and serves the same bytes back to the owner', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(TEN_MB - 8)]);
    const response = await uploadForm(multipart(png, 'claims-to-be.txt', { agent_id: aliceAgent }), alice.auth);
    const answer = await json(response);
    expect(response.status).toBe(200);
    expect(answer).toMatchObject({
      file_id: expect.stringMatching(/^fil_[0-9a-f]{20}$/),
      size: TEN_MB,
      content_type: 'image/png',
      sha256: createHash('sha256').update(png).digest('hex'),
      name: 'claims-to-be.txt',
      agent_id: aliceAgent,
      url: `${service.config.publicBaseUrl}/files/${answer.file_id}`,
    });

    const served = await fetch(`${service.baseUrl}/files/${answer.file_id}`, { headers: alice.auth });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const [uploaded] = await readStream(service.database.db, `file-${answer.file_id}`);
    expect(uploaded).toMatchObject({ type: 'FileUploaded', data: { sha256: answer.sha256, sizeBytes: TEN_MB } });
    expect(JSON.stringify(uploaded!.data).length).toBeLessThan(1000);
  });

  it('refuses 10 MB + 1 byte with 413 naming the limit, multipart or base64, and stores nothing', async () => {
    const blobsBefore = await blobCount();
    const tooBig = randomBytes(TEN_MB + 1);
    const viaForm = await uploadForm(multipart(tooBig, 'big.bin'), bob.auth);
    expect(viaForm.status).toBe(413);
    expect(await json(viaForm)).toMatchObject({ error: expect.stringContaining(String(TEN_MB)), limit_bytes: TEN_MB });
    const viaJson = await uploadJson({ content_base64: tooBig.toString('base64') }, bob.auth);
    expect(viaJson.status).toBe(413);
    expect(await json(viaJson)).toMatchObject({ limit_bytes: TEN_MB });
    expect(await filesOf(`key:${bob.keyId}`)).toHaveLength(0);
    expect(await blobCount()).toBe(blobsBefore);
  });

  it('refuses a body three times the limit with 413 from its declared length, storing nothing', async () => {
    const huge = await uploadForm(multipart(Buffer.alloc(3 * TEN_MB, 1), 'huge.bin'), bob.auth);
    expect(huge.status).toBe(413);
    expect(await json(huge)).toMatchObject({ limit_bytes: TEN_MB });
    expect(await filesOf(`key:${bob.keyId}`)).toHaveLength(0);
  });

  // Issue 41, item 13: the 413 was sent but the connection stayed open, the server reading on while the client kept sending.
  it('refuses a chunked upload still arriving past the limit with 413, then closes the connection, multipart or base64', async () => {
    const boundary = 'endless-upload';
    const multipartOpening = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="endless.bin"',
      'Content-Type: application/octet-stream',
      '',
      '',
    ].join('\r\n');
    for (const [what, contentType, opening] of [
      ['multipart', `multipart/form-data; boundary=${boundary}`, multipartOpening],
      ['base64', 'application/json', '{"content_base64":"'],
    ] as const) {
      const refused = await endlessUpload(`${service.baseUrl}/files/upload`, {
        headers: { ...bob.auth, 'Content-Type': contentType },
        opening: Buffer.from(opening),
      });
      expect([what, refused.status, refused.headers.connection]).toEqual([what, 413, 'close']);
      expect(refused.body).toMatchObject({ code: 'payload_too_large', error: expect.stringContaining(String(TEN_MB)), limit_bytes: TEN_MB });
      expect(refused.sentBytes).toBeGreaterThan(TEN_MB);
    }
    expect(await filesOf(`key:${bob.keyId}`)).toHaveLength(0);
  });

  it('stores the same bytes once however many files name them, and drops them with the last file', async () => {
    const text = Buffer.from(`shared content ${randomBytes(8).toString('hex')}\n`);
    const sha = createHash('sha256').update(text).digest('hex');
    const first = await net.ok(uploadJson({ content_base64: text.toString('base64'), filename: 'a.txt' }, alice.auth));
    const second = await net.ok(uploadJson({ content_base64: text.toString('base64'), filename: 'b.txt' }, bob.auth));
    expect(first.content_type).toBe('text/plain; charset=utf-8');
    expect(second.sha256).toBe(sha);
    const blobsFor = async () => (await service.database.db.selectFrom('file_blobs').select('sha256').where('sha256', '=', sha).execute()).length;
    expect(await blobsFor()).toBe(1);

    const removed = await fetch(`${service.baseUrl}/files/${first.file_id}`, { method: 'DELETE', headers: alice.auth });
    expect(await json(removed)).toMatchObject({ file_id: first.file_id, deleted: true });
    expect(await blobsFor()).toBe(1);
    expect((await fetch(`${service.baseUrl}/files/${second.file_id}`, { headers: bob.auth })).status).toBe(200);
    expect((await fetch(`${service.baseUrl}/files/${second.file_id}`, { method: 'DELETE', headers: bob.auth })).status).toBe(200);
    expect(await blobsFor()).toBe(0);
    expect((await fetch(`${service.baseUrl}/files/${first.file_id}`, { headers: alice.auth })).status).toBe(404);
  });

  it('reads the form’s other parts as the input declares them (a number is a number)', async () => {
    const response = await uploadForm(multipart(Buffer.from('form fields\n'), 'notes.txt', { url_ttl_seconds: '120', filename: 'renamed.txt' }), alice.auth);
    const answer = await json(response);
    expect(response.status).toBe(200);
    expect(answer.name).toBe('renamed.txt');
    expect(Date.parse(answer.url_expires_at) - Date.now()).toBeLessThanOrEqual(120_000);
    const bad = await uploadForm(multipart(Buffer.from('x'), 'x.txt', { url_ttl_seconds: 'soon' }), alice.auth);
    expect(bad.status).toBe(400);
  });

  it('reads an upload sent compressed (multipart or JSON), and holds it to the same limit once decoded', async () => {
    const text = Buffer.from('compressed on the wire\n'.repeat(100));
    const encoded = new Response(multipart(text, 'notes.txt'));
    const form = Buffer.from(await encoded.arrayBuffer());
    const viaForm = await fetch(`${service.baseUrl}/files/upload`, {
      method: 'POST',
      headers: { ...alice.auth, 'Content-Type': encoded.headers.get('content-type')!, 'Content-Encoding': 'gzip' },
      body: zlib.gzipSync(form),
    });
    expect(viaForm.status).toBe(200);
    expect(await json(viaForm)).toMatchObject({ size: text.byteLength, name: 'notes.txt', sha256: createHash('sha256').update(text).digest('hex') });
    const viaJson = await fetch(`${service.baseUrl}/files/upload`, {
      method: 'POST',
      headers: { ...alice.auth, 'Content-Type': 'application/json', 'Content-Encoding': 'br' },
      body: zlib.brotliCompressSync(JSON.stringify({ content_base64: text.toString('base64') })),
    });
    expect(viaJson.status).toBe(200);
    expect(await json(viaJson)).toMatchObject({ size: text.byteLength });

    // Zeros compress a thousandfold: 11 MB decoded, a few kilobytes sent.
    const zeros = Buffer.alloc(TEN_MB + 1024 * 1024);
    const big = new Response(multipart(zeros, 'zeros.bin'));
    const bomb = await fetch(`${service.baseUrl}/files/upload`, {
      method: 'POST',
      headers: { ...bob.auth, 'Content-Type': big.headers.get('content-type')!, 'Content-Encoding': 'gzip' },
      body: zlib.gzipSync(Buffer.from(await big.arrayBuffer())),
    });
    expect(bomb.status).toBe(413);
    expect(await json(bomb)).toMatchObject({ limit_bytes: TEN_MB });
    const bad = await fetch(`${service.baseUrl}/files/upload`, {
      method: 'POST',
      headers: { ...bob.auth, 'Content-Type': 'application/json', 'Content-Encoding': 'deflate' },
      body: JSON.stringify({ content_base64: 'aGk=' }),
    });
    expect([bad.status, (await json(bad)).error]).toEqual([400, expect.stringMatching(/^the request body is not valid deflate/)]);
    expect(await filesOf(`key:${bob.keyId}`)).toHaveLength(0);
  });

  it('answers an upload without a body with 415 naming the types it takes', async () => {
    const response = await fetch(`${service.baseUrl}/files/upload`, { method: 'POST', headers: alice.auth });
    expect(response.status).toBe(415);
    expect((await json(response)).error).toMatch(/multipart\/form-data or application\/json/);
  });

  it('answers a form without a boundary with 400, not 500', async () => {
    const response = await fetch(`${service.baseUrl}/files/upload`, {
      method: 'POST',
      headers: { ...alice.auth, 'Content-Type': 'multipart/form-data' },
      body: 'no boundary here',
    });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toMatch(/multipart/);
  });

  it('holds an upload to the checks of every JSON body: text PostgreSQL cannot store, deep nesting, bytes that are not UTF-8', async () => {
    const nul = await uploadJson({ content_base64: 'aGk=', filename: 'a\u0000b.txt' }, alice.auth);
    expect(nul.status).toBe(400);
    expect((await json(nul)).error).toMatch(/filename/);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('hi')]), 'a\u0000b.txt');
    expect((await uploadForm(form, alice.auth)).status).toBe(400);
    const deep = await fetch(`${service.baseUrl}/files/upload`, {
      method: 'POST',
      headers: { ...alice.auth, 'Content-Type': 'application/json' },
      body: `{"content_base64":"aGk=","x":${'['.repeat(100)}${']'.repeat(100)}}`,
    });
    expect(deep.status).toBe(400);
    const latin1 = await fetch(`${service.baseUrl}/files/upload`, {
      method: 'POST',
      headers: { ...alice.auth, 'Content-Type': 'application/json' },
      body: Buffer.from('{"content_base64":"aGk=","filename":"caf\xe9"}', 'latin1'),
    });
    expect(latin1.status).toBe(400);
    expect((await json(latin1)).error).toMatch(/UTF-8/);
  });

  it('keeps one blob for identical uploads sent at once, and drops it exactly when deletes sent at once remove the last file', async () => {
    const text = Buffer.from(`concurrent ${randomBytes(8).toString('hex')}`);
    const sha = createHash('sha256').update(text).digest('hex');
    const uploads = await Promise.all(Array.from({ length: 8 }, () => net.ok(uploadJson({ content_base64: text.toString('base64') }, alice.auth))));
    expect(new Set(uploads.map((u) => u.file_id)).size).toBe(8);
    const blobs = () => service.database.db.selectFrom('file_blobs').select('sha256').where('sha256', '=', sha).execute();
    expect(await blobs()).toHaveLength(1);
    const deleted = await Promise.all(uploads.map((u) => fetch(`${service.baseUrl}/files/${u.file_id}`, { method: 'DELETE', headers: alice.auth })));
    expect(deleted.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await blobs()).toHaveLength(0);
  });

  it('asks for credentials (401) from an anonymous uploader, and a file in the request (400)', async () => {
    expect((await uploadJson({ content_base64: 'aGk=' }, {})).status).toBe(401);
    const empty = await uploadJson({ filename: 'x' }, alice.auth);
    expect(empty.status).toBe(400);
    expect((await uploadJson({ content_base64: '***' }, alice.auth)).status).toBe(400);
  });
});

describe('ownership', () => {
  it('lets nobody but the owner read a file, list an agent’s files or delete one', async () => {
    const mine = await net.ok(uploadJson({ content_base64: Buffer.from('%PDF-1.4 secret').toString('base64'), agent_id: aliceAgent }, alice.auth));
    expect(mine.content_type).toBe('application/pdf');
    expect((await fetch(`${service.baseUrl}/files/${mine.file_id}`, { headers: bob.auth })).status).toBe(404);
    expect((await fetch(`${service.baseUrl}/files/${mine.file_id}`)).status).toBe(401);
    expect((await net.get(`/files/list/${aliceAgent}`, bob.auth)).status).toBe(404);
    expect((await fetch(`${service.baseUrl}/files/${mine.file_id}`, { method: 'DELETE', headers: bob.auth })).status).toBe(404);

    const listed = await net.ok(net.get(`/files/list/${aliceAgent}`, alice.auth));
    expect(listed.files.map((f: { file_id: string }) => f.file_id)).toContain(mine.file_id);
    expect(listed.files.every((f: { agent_id: string }) => f.agent_id === aliceAgent)).toBe(true);
  });

  it('lets a wallet session upload and read its own files, which a key holder cannot', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const challenge = await net.ok(net.post('/agents/challenge', { address: wallet.address }));
    const signature = await wallet.signMessage({ message: challenge.message });
    const { token } = await net.ok(net.post('/agents/verify', { message: challenge.message, signature }));
    const session = { Authorization: `Bearer ${token}` };
    const file = await net.ok(uploadJson({ content_base64: Buffer.from('wallet notes').toString('base64') }, session));
    const row = await service.database.db.withSchema(LIVE_SCHEMA).selectFrom('files').selectAll().where('file_id', '=', file.file_id).executeTakeFirstOrThrow();
    expect(row.owner).toBe(`wallet:${wallet.address.toLowerCase()}`);
    expect(await (await fetch(`${service.baseUrl}/files/${file.file_id}`, { headers: session })).text()).toBe('wallet notes');
    expect((await fetch(`${service.baseUrl}/files/${file.file_id}`, { headers: alice.auth })).status).toBe(404);
  });

  it('refuses to attach a file to another owner’s agent', async () => {
    const response = await uploadJson({ content_base64: 'aGk=', agent_id: aliceAgent }, bob.auth);
    expect(response.status).toBe(404);
  });
});

describe('signed URLs', () => {
  it('let anyone read the file until they expire, and are refused when altered or expired', async () => {
    const file = await net.ok(uploadJson({ content_base64: Buffer.from('GIF89a tiny').toString('base64'), url_ttl_seconds: 2 }, alice.auth));
    const signedUrl = (file.signed_url as string).replace(service.config.publicBaseUrl, service.baseUrl);
    const ok = await fetch(signedUrl);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/gif');
    expect(await ok.text()).toBe('GIF89a tiny');

    const altered = signedUrl.replace(/expires=(\d+)/, (_: string, n: string) => `expires=${Number(n) + 3600}`);
    expect((await fetch(altered)).status).toBe(401);
    const expired = await waitFor(async () => {
      const response = await fetch(signedUrl);
      return response.status === 401 ? json(response) : undefined;
    }, 'the signed URL to expire');
    expect(expired.error).toMatch(/expired/);
  });
});

describe('replay', () => {
  it('rebuilds the files read model from the log without drift', async () => {
    const report = await replayProjections(service.database.db, { liveSchema: LIVE_SCHEMA, projections: [files] });
    expect(report.drift).toEqual([]);
  });
});

describe('documentation', () => {
  it('describes the upload as JSON with base64 or as a multipart form with a binary file part', async () => {
    const openapi = await json(fetch(`${service.baseUrl}/openapi.json`));
    const { required, content } = openapi.paths['/files/upload'].post.requestBody;
    // Its fields are all optional, but without a body there is nothing to store.
    expect(required).toBe(true);
    expect(content['application/json'].schema.properties).toHaveProperty('content_base64');
    expect(content['multipart/form-data'].schema).toMatchObject({ properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] });
    expect(openapi.paths['/files/{file_id}']).toHaveProperty('get');
    expect(openapi.paths['/files/{file_id}']).toHaveProperty('delete');
  });
});

describe('the storage quota', () => {
  it('refuses an upload that would pass the owner’s FILE_QUOTA_BYTES, storing nothing, and takes it again once a file is deleted', async () => {
    const small = await startTestService({ env: { FILE_QUOTA_BYTES: '100' } });
    try {
      const carol = await generateKey(small.baseUrl, 'carol');
      const send = (text: string) =>
        fetch(`${small.baseUrl}/files/upload`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...carol.auth },
          body: JSON.stringify({ content_base64: Buffer.from(text).toString('base64') }),
        });
      const first = await json(await send('a'.repeat(60)));
      const refused = await send('b'.repeat(60));
      expect(refused.status).toBe(413);
      expect(await json(refused)).toMatchObject({ error: expect.stringContaining('quota of 100 bytes'), quota_bytes: 100, used_bytes: 60 });
      expect(await small.database.db.withSchema(LIVE_SCHEMA).selectFrom('files').selectAll().execute()).toHaveLength(1);
      await fetch(`${small.baseUrl}/files/${first.file_id}`, { method: 'DELETE', headers: carol.auth });
      expect((await send('b'.repeat(60))).status).toBe(200);
    } finally {
      await small.stop();
    }
  });
});
