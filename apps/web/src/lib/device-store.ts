// What Waymarks keeps in this browser's IndexedDB, in one database that the page and the service worker
// (src/service-worker) open alike: the signed-in traveller's places, for the map offline (app/offline), and
// the files a phone's share sheet handed to the installed app until the dashboard takes them
// (lib/shared-files.ts). Each call opens the database, runs one transaction and closes it again: the calls
// are few, and an open connection would hold up the next version of the database in another tab.

const DATABASE = 'waymarks';
const VERSION = 1;

export const DEVICE_STORES = {
  /** One record, the traveller's places as last loaded (app/offline/offline-copy.ts). */
  offlineCopy: 'offline-copy',
  /** One record, the files shared to the app and not yet taken (lib/shared-files.ts). */
  sharedFiles: 'shared-files',
} as const;

export type DeviceStore = (typeof DEVICE_STORES)[keyof typeof DEVICE_STORES];

/** The browser's IndexedDB; absent in a private window of some browsers, and in Node. */
function factory(): IDBFactory | null {
  return typeof indexedDB === 'undefined' ? null : indexedDB;
}

function open(idb: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = idb.open(DATABASE, VERSION);
    request.onupgradeneeded = () => {
      for (const store of Object.values(DEVICE_STORES)) {
        if (!request.result.objectStoreNames.contains(store)) request.result.createObjectStore(store);
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is held open by an older copy of the app'));
  });
}

/** Runs `work` in one transaction on `store` and resolves with its request's result once it is committed. */
async function transact<T>(
  store: DeviceStore,
  mode: IDBTransactionMode,
  work: (objects: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  const idb = factory();
  if (!idb) return undefined;
  const db = await open(idb);
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(store, mode);
      const request = work(transaction.objectStore(store));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

export function readDeviceRecord<T>(store: DeviceStore, key: string): Promise<T | undefined> {
  return transact(store, 'readonly', (objects) => objects.get(key) as IDBRequest<T>);
}

export async function writeDeviceRecord(store: DeviceStore, key: string, value: unknown): Promise<void> {
  await transact(store, 'readwrite', (objects) => objects.put(value, key));
}

export async function deleteDeviceRecord(store: DeviceStore, key: string): Promise<void> {
  await transact(store, 'readwrite', (objects) => objects.delete(key));
}

/** Replaces the record with what `update` makes of it, in one transaction: no other write comes between. */
export async function updateDeviceRecord<T>(
  store: DeviceStore,
  key: string,
  update: (current: T | undefined) => T,
): Promise<void> {
  await transact(store, 'readwrite', (objects) => {
    const request = objects.get(key) as IDBRequest<T | undefined>;
    request.addEventListener('success', () => objects.put(update(request.result), key));
    return request;
  });
}

/** Reads the record and deletes it in one transaction: two tabs cannot both take it. */
export function takeDeviceRecord<T>(store: DeviceStore, key: string): Promise<T | undefined> {
  return transact(store, 'readwrite', (objects) => {
    const request = objects.get(key) as IDBRequest<T>;
    request.addEventListener('success', () => objects.delete(key));
    return request;
  });
}
