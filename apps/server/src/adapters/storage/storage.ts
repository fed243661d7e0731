// Picks the storage adapter the configuration names. The interface every adapter implements lives in
// object-storage.ts, which the adapters import; only this module imports the adapters.
import type { Config } from '../../config.js';
import { LocalStorage } from './local.js';
import type { StorageOptions } from './object-storage.js';
import { S3Storage } from './s3.js';

/**
 * The configured adapter. Typed as the union, not the interface, so that the composition root can tell
 * them apart by `kind`: the local routes take a LocalStorage and need no check of their own.
 */
export type Storage = LocalStorage | S3Storage;

export function createStorage(config: Config['storage'], options: StorageOptions): Storage {
  return config.kind === 's3' ? new S3Storage(config, options) : new LocalStorage(config.dir, options);
}

/**
 * The origin (scheme://host:port) the browser PUTs to and GETs from with S3 storage, for the page's
 * Content-Security-Policy; undefined for local storage, which is served by this app. It follows the AWS
 * SDK's choice between virtual-hosted (bucket.host) and path-style (host/bucket) addresses.
 */
export function storageOrigin(config: Config['storage']): string | undefined {
  if (config.kind !== 's3') return undefined;
  const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  const virtualHosted =
    !config.forcePathStyle &&
    /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(config.bucket) &&
    !isIpAddress(endpoint.hostname);
  if (virtualHosted) endpoint.hostname = `${config.bucket}.${endpoint.hostname}`;
  return endpoint.origin;
}

function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[');
}
