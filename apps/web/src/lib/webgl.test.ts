import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer } from './webgl';

describe('isSoftwareRenderer', () => {
  it('recognises the software renderers by name', () => {
    for (const name of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'Mesa softpipe',
      'Microsoft Basic Render Driver',
      'Google SwiftShader',
    ]) {
      expect(isSoftwareRenderer(name), name).toBe(true);
    }
  });

  it('takes GPUs, and a renderer that hides its name, as hardware', () => {
    for (const name of [
      'ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)',
      'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'Mali-G78',
      'Adreno (TM) 650',
      '',
    ]) {
      expect(isSoftwareRenderer(name), name).toBe(false);
    }
  });
});
