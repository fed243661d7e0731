// What the browser's WebGL can do: whether there is any (the map and the 3D avatar need it), and whether
// it is drawn in software (no GPU, or one it refuses: SwiftShader, llvmpipe and the like). There the globe
// pans at about half the flat map's frame rate (bench/dashboard-map.mjs), so the map starts flat unless
// the traveller has asked for the globe. Neither loads any 3D code.

/** True when the browser can make a WebGL context at all. */
export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software|basic render driver/i;

/** True when the renderer's name says it is software. */
export function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE_RENDERERS.test(renderer);
}

let cached: boolean | undefined;

/**
 * Asks a throwaway WebGL context once per page. A browser without WebGL, or one that hides the renderer's
 * name, counts as hardware: it gets the default, and without WebGL no map at all.
 */
export function rendersInSoftware(): boolean {
  if (cached !== undefined) return cached;
  cached = false;
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    const renderer = info && gl ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    cached = isSoftwareRenderer(renderer);
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    // No canvas or no WebGL: the map says so itself.
  }
  return cached;
}
