// The SHA-256 of a file's bytes by Web Crypto, as 64 lowercase hex digits: what the server computes of
// the stored bytes, so the two can be compared. Used in the hashing worker and where no worker can run.

export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
