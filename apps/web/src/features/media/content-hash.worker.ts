// Hashes the files the page hands it, away from the page's thread (content-hash.ts).
import { sha256Hex } from './sha256';

export interface HashRequest {
  id: number;
  file: Blob;
}
export type HashAnswer = { id: number; hash: string } | { id: number; error: string };

// Typed by hand: the worker's own global (DedicatedWorkerGlobalScope) is not in the app's DOM types.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
  postMessage(answer: HashAnswer): void;
};

scope.onmessage = ({ data: { id, file } }) => {
  sha256Hex(file).then(
    (hash) => scope.postMessage({ id, hash }),
    (error: unknown) => scope.postMessage({ id, error: String(error) }),
  );
};
