// Each share picture is rendered once per version: requests for one key while it renders wait for that
// render, later ones get the bytes kept. The most recently used pictures are kept, up to a count.

export class RenderOnce {
  private readonly kept = new Map<string, Promise<Buffer>>();
  /** Renders started, for the operator's figures and the tests. */
  renders = 0;

  constructor(private readonly capacity: number) {}

  /** The bytes of the key, and whether this call rendered them (false: kept, or rendering for another). */
  async get(key: string, render: () => Promise<Buffer>): Promise<{ bytes: Buffer; rendered: boolean }> {
    const found = this.kept.get(key);
    if (found) {
      // Used again: it moves to the end, the last to go.
      this.kept.delete(key);
      this.kept.set(key, found);
      return { bytes: await found, rendered: false };
    }
    this.renders += 1;
    const rendering = render();
    this.kept.set(key, rendering);
    // A render that fails is not kept: the next request tries again.
    rendering.catch(() => {
      if (this.kept.get(key) === rendering) this.kept.delete(key);
    });
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.capacity) break;
      this.kept.delete(oldest);
    }
    return { bytes: await rendering, rendered: true };
  }
}
