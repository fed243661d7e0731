// The deployment files (Dockerfile, deploy/compose.yaml, deploy/nginx.conf) cannot be run by the test
// suites, so this reads them and checks that they agree with the server: every variable the compose file
// hands the app is one the configuration schema knows and passes its validation, the proxy sends traffic
// to the services and ports the app and the bucket listen on with the app's own body limits, and the image
// runs the entry points the build emits, as a user other than root.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { AVATAR_IMAGE_LIMITS, MEDIA_LIMITS } from '@waymarks/shared';
import { ENV_VARIABLES, loadConfig, parseSettings, type Config } from './config.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (relativePath: string) => readFileSync(path.join(ROOT, relativePath), 'utf8');

/** Secrets deploy/env.example leaves for the operator to fill in, with stand-ins of the right shape. */
const PLACEHOLDER_SECRETS: Record<string, string> = {
  AUTH_SECRET: 'a'.repeat(64),
  POSTGRES_PASSWORD: 'postgrespassword0',
  MINIO_ROOT_PASSWORD: 'minioadminpassword0',
  S3_SECRET_ACCESS_KEY: 'waymarkss3secret0',
};

/** KEY=VALUE lines of an env file, comments and blank lines skipped. */
function envFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) values[match[1]!] = match[2]!;
  }
  return values;
}

/** Docker Compose's interpolation: $$, ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g,
    (whole, name: string | undefined, colon: string, kind: string, argument: string) => {
      if (whole === '$$') return '$';
      const set = env[name!];
      const missing = colon === ':' ? !set : set === undefined;
      if (!missing) return set!;
      if (kind === '?') throw new Error(`${name} is required: ${argument}`);
      return kind === '-' ? argument : '';
    },
  );
}

function interpolateAll(node: unknown, env: Record<string, string>): unknown {
  if (typeof node === 'string') return interpolate(node, env);
  if (Array.isArray(node)) return node.map((item) => interpolateAll(item, env));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, interpolateAll(item, env)]));
  }
  return node;
}

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  networks?: Record<string, { aliases?: string[] }>;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  healthcheck?: { disable?: boolean; test?: string[] };
}

const exampleEnv = { ...envFile(read('deploy/env.example')) };
const operatorEnv = {
  ...exampleEnv,
  ...Object.fromEntries(
    Object.entries(PLACEHOLDER_SECRETS).map(([name, value]) => [name, exampleEnv[name] || value]),
  ),
};

function composeWith(env: Record<string, string>): Record<string, Service> {
  const document = parse(read('deploy/compose.yaml')) as { services: Record<string, unknown> };
  return interpolateAll(document.services, env) as Record<string, Service>;
}

const services = composeWith(operatorEnv);
const app = services.app!;
const worker = services.worker!;
const dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-deploy-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The app's configuration as loadConfig reads it from the compose file (DATA_DIR: the image's ./data). */
function appConfig(service: Service = app): Config {
  expect(service.environment).not.toHaveProperty('DATA_DIR');
  return loadConfig({ ...service.environment, DATA_DIR: dataDir });
}

/** The body of each `<keyword> <argument> { … }` block in an nginx configuration, by its argument. */
function nginxBlocks(text: string, keyword: string): Map<string, string> {
  const blocks = new Map<string, string>();
  const header = new RegExp(`^\\s*${keyword}\\s+([^{]*?)\\s*\\{`, 'gm');
  for (const match of text.matchAll(header)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (depth > 0 && end < text.length) {
      if (text[end] === '{') depth += 1;
      if (text[end] === '}') depth -= 1;
      end += 1;
    }
    blocks.set(match[1]!, text.slice(match.index + match[0].length, end - 1));
  }
  return blocks;
}

/** The values of a directive in an nginx block (one entry per occurrence). */
const directives = (block: string, name: string) =>
  [...block.matchAll(new RegExp(`^\\s*${name}\\s+([^;]+);`, 'gm'))].map((match) => match[1]!.trim());

/** An nginx size (1m, 5g, 512k or bytes) in bytes. */
function nginxBytes(size: string): number {
  const match = /^(\d+)([kmg]?)$/i.exec(size);
  if (!match) throw new Error(`not an nginx size: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase()]!;
  return Number(match[1]) * unit;
}

const nginx = read('deploy/nginx.conf');
const upstreams = nginxBlocks(nginx, 'upstream');
const locations = nginxBlocks(nginx, 'location');

/** The upstream a location passes to (proxy_pass http://<upstream>). */
function upstreamOf(location: string): string {
  const [target] = directives(location, 'proxy_pass');
  const match = /^http:\/\/([\w-]+)$/.exec(target ?? '');
  if (!match) throw new Error(`proxy_pass is not an upstream without a path: ${target}`);
  return match[1]!;
}

/** The host:port of each server of an upstream. */
const upstreamServers = (name: string) =>
  directives(upstreams.get(name) ?? '', 'server').map((line) => line.split(/\s+/)[0]!);

/** The instructions of a Dockerfile's last stage, continuation lines joined. */
function finalStage(dockerfile: string): { instruction: string; argument: string }[] {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const lastFrom = lines.findLastIndex((line) => /^FROM\s/i.test(line));
  return lines.slice(lastFrom).map((line) => {
    const [, instruction = '', argument = ''] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    return { instruction: instruction.toUpperCase(), argument };
  });
}

const runtime = finalStage(read('Dockerfile'));
const instructionArguments = (instruction: string) =>
  runtime.filter((line) => line.instruction === instruction).map((line) => line.argument);

describe('deploy/compose.yaml', () => {
  it('gives the app and the worker only variables the configuration schema knows', () => {
    for (const service of [app, worker]) {
      const unknown = Object.keys(service.environment ?? {}).filter((name) => !ENV_VARIABLES.includes(name));
      expect(unknown).toEqual([]);
    }
  });

  it('gives the app a configuration loadConfig accepts: PostgreSQL, S3 storage, jobs in the worker', () => {
    const config = appConfig();
    expect(config.database.dialect).toBe('postgres');
    expect(config.storage.kind).toBe('s3');
    expect(config.jobs).toBe('worker');
    expect(config.publicUrl).toBe(`https://${operatorEnv.WAYMARKS_HOST}`);
    expect(config.authSecret).toBe(PLACEHOLDER_SECRETS.AUTH_SECRET);
    // One proxy in front: a hop count of 1, as a trust function.
    expect(typeof config.trustProxy).toBe('function');
    expect(appConfig(worker)).toMatchObject({ jobs: 'worker', database: config.database });
    expect(worker.environment).toEqual(app.environment);
  });

  it('does not start without the secrets of deploy/.env, and asks for each by name', () => {
    for (const name of Object.keys(PLACEHOLDER_SECRETS)) {
      expect(() => composeWith({ ...operatorEnv, [name]: '' }), name).toThrow(name);
    }
    expect(() => composeWith({ ...operatorEnv, WAYMARKS_HOST: '' })).toThrow('WAYMARKS_HOST');
  });

  it('points DATABASE_URL at the postgres service, its database, user and password', () => {
    const config = appConfig();
    const url = new URL(config.database.dialect === 'postgres' ? config.database.url : '');
    const postgres = services.postgres!.environment!;
    expect(url.hostname).toBe('postgres');
    expect(url.port).toBe('5432');
    expect(url.username).toBe(postgres.POSTGRES_USER);
    expect(decodeURIComponent(url.password)).toBe(postgres.POSTGRES_PASSWORD);
    expect(url.pathname).toBe(`/${postgres.POSTGRES_DB}`);
    expect(app.depends_on?.postgres?.condition).toBe('service_healthy');
  });

  it('stores media in the bucket minio-init creates, as the user it allows that bucket only', () => {
    const { storage } = appConfig();
    if (storage.kind !== 's3') throw new Error('not S3');
    const script = services['minio-init']!.entrypoint!.join('\n');
    expect(script).toContain(`mc mb --ignore-existing store/${storage.bucket}`);
    expect(script).toContain(`mc admin user add store ${storage.accessKeyId} "$S3_SECRET_ACCESS_KEY"`);
    expect(services['minio-init']!.environment!.S3_SECRET_ACCESS_KEY).toBe(storage.secretAccessKey);
    expect(script).toContain('http://minio:9000');
    const policy = JSON.parse(read('deploy/minio-policy.json')) as { Statement: { Resource: string[] }[] };
    const resources = policy.Statement.flatMap((statement) => statement.Resource);
    expect(resources.sort()).toEqual([`arn:aws:s3:::${storage.bucket}`, `arn:aws:s3:::${storage.bucket}/*`]);
    expect(app.depends_on?.['minio-init']?.condition).toBe('service_completed_successfully');
  });

  it("reaches the bucket at the app's own public origin, path-style, through the proxy", () => {
    const config = appConfig();
    if (config.storage.kind !== 's3') throw new Error('not S3');
    expect(config.storage.endpoint).toBe(config.publicUrl);
    expect(config.storage.forcePathStyle).toBe(true);
    // Inside the compose network the public host name is the proxy.
    expect(services.proxy!.networks?.default?.aliases).toContain(new URL(config.publicUrl).hostname);
  });

  it('runs two app instances from the image the Dockerfile builds, and a worker from the same image', () => {
    expect(app.deploy?.replicas).toBe(2);
    expect(app.build).toEqual({ context: '..', dockerfile: 'Dockerfile' });
    expect(worker.image).toBe(app.image);
    expect(worker.build).toEqual(app.build);
    expect(worker.command).toEqual(['node', '--enable-source-maps', 'apps/server/dist/worker.js']);
    expect(worker.healthcheck?.disable).toBe(true);
    // The build emits the worker's entry beside main.js.
    expect(read('apps/server/build.mjs')).toContain("'src/worker.ts'");
  });
});

describe('deploy/nginx.conf', () => {
  it('sends app traffic over every app instance, at the port the app listens on', () => {
    const { port } = appConfig();
    const appLocation = locations.get('/')!;
    expect(upstreamServers(upstreamOf(appLocation))).toEqual([`app:${port}`]);
    expect(upstreams.get(upstreamOf(appLocation))).toMatch(/^\s*least_conn;/m);
    expect(Object.keys(services)).toContain('app');
    expect(services.proxy!.depends_on?.app?.condition).toBe('service_healthy');
  });

  it('sends the bucket path, unchanged, to the port MinIO listens on', () => {
    const { storage } = appConfig();
    if (storage.kind !== 's3') throw new Error('not S3');
    const [pattern, location] = [...locations].find(([key]) => key.startsWith('~'))!;
    const matches = new RegExp(pattern.replace(/^~\s*/, ''));
    expect(matches.test(`/${storage.bucket}`)).toBe(true);
    expect(matches.test(`/${storage.bucket}/users/1/photo.jpg`)).toBe(true);
    expect(matches.test('/api/health')).toBe(false);
    expect(upstreamServers(upstreamOf(location))).toEqual(['minio:9000']);
    expect(services.minio!.command).toEqual(['server', '/data', '--address', ':9000']);
    // Presigned URLs are signed for the host the browser sent.
    expect(directives(location, 'proxy_set_header')).toContain('Host $http_host');
  });

  it("limits request bodies to the app's limit, and uploads to the largest media file", () => {
    const appSource = read('apps/server/src/app.ts');
    const [, product = ''] = /const BODY_LIMIT_BYTES = ([\d\s*]+);/.exec(appSource) ?? [];
    const appLimit = product.split('*').reduce((total, factor) => total * Number(factor), 1);
    expect(appLimit).toBeGreaterThan(AVATAR_IMAGE_LIMITS.maxBytes);
    expect(directives(locations.get('/')!, 'client_max_body_size').map(nginxBytes)).toEqual([appLimit]);
    const [, bucketLocation] = [...locations].find(([key]) => key.startsWith('~'))!;
    expect(directives(bucketLocation, 'client_max_body_size').map(nginxBytes)).toEqual([
      MEDIA_LIMITS.maxFileBytes,
    ]);
  });

  it('redirects HTTP to HTTPS, serves TLS from the mounted certificate and passes X-Forwarded-*', () => {
    expect(services.proxy!.ports).toEqual(['80:80', '443:443']);
    expect(services.proxy!.volumes).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(services.proxy!.volumes).toContain(`${operatorEnv.TLS_CERT_DIR}:/etc/nginx/certs:ro`);
    const servers = [...nginxBlocks(nginx, 'server').values()].filter((block) => block.includes('listen'));
    const plain = servers.find((block) => directives(block, 'listen').includes('80'))!;
    expect(plain).toContain('return 301 https://$host$request_uri;');
    const tls = servers.find((block) => directives(block, 'listen').includes('443 ssl'))!;
    expect(directives(tls, 'ssl_certificate')).toEqual(['/etc/nginx/certs/fullchain.pem']);
    expect(directives(tls, 'ssl_certificate_key')).toEqual(['/etc/nginx/certs/privkey.pem']);
    expect(directives(locations.get('/')!, 'proxy_set_header')).toEqual(
      expect.arrayContaining([
        'X-Forwarded-For $proxy_add_x_forwarded_for',
        'X-Forwarded-Proto $scheme',
        'Host $host',
      ]),
    );
    // The proxy is the one hop TRUST_PROXY=1 trusts; nothing else publishes a port.
    expect(app.environment!.TRUST_PROXY).toBe('1');
    const published = Object.entries(services).filter(([, service]) => service.ports?.length);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
  });
});

describe('Dockerfile', () => {
  it('runs the built server as the unprivileged node user, with the default port exposed', () => {
    expect(instructionArguments('USER')).toEqual(['node']);
    expect(instructionArguments('EXPOSE')).toEqual([String(parseSettings({}).port)]);
    expect(instructionArguments('CMD')).toEqual([
      '["node", "--enable-source-maps", "apps/server/dist/main.js"]',
    ]);
    expect(instructionArguments('ENV')).toContain('NODE_ENV=production');
    // apps/server/build.mjs bundles src/main.ts into apps/server/dist/main.js.
    const build = read('apps/server/build.mjs');
    expect(build).toContain("'src/main.ts'");
    expect(build).toContain("path.join(here, 'dist')");
  });

  it('checks health on /api/health with node, and copies the built server and web app', () => {
    const [healthcheck = ''] = instructionArguments('HEALTHCHECK');
    expect(healthcheck).toContain('CMD ["node", "-e"');
    expect(healthcheck).toContain('/api/health');
    const copies = instructionArguments('COPY');
    expect(copies).toContain('--from=build /src/apps/server/dist apps/server/dist');
    expect(copies).toContain('--from=build /src/apps/web/dist apps/web/dist');
    // The web app is served from apps/web/dist under the working directory.
    expect(instructionArguments('WORKDIR')).toEqual(['/app']);
    expect(parseSettings({}).webDistDir).toBe(path.resolve('apps/web/dist'));
  });

  it('keeps installed packages, build output, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(
      expect.arrayContaining(['**/node_modules', '**/dist', 'data', 'test-results', '.git', '.env']),
    );
  });
});
