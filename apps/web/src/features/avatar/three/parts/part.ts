// What every category's drawing gets and gives back.
import type * as THREE from 'three';
import type { Build, Side } from '../figure';
import type { Kit } from '../kit';

export interface PartContext<Shape extends string = string> {
  kit: Kit;
  build: Build;
  shape: Shape;
  /** The part's main colour; a flag's country code. */
  color: string;
  /** Bare skin shows on the figure and through sandals. */
  skin: string;
}

/** The meshes of one part, each named `<category>:<piece>`. */
export type DrawPart<Shape extends string = string> = (part: PartContext<Shape>) => THREE.Mesh[];

/** Left and right as the figure sees them: its left hand is on the viewer's right. */
export function sideName(side: Side): 'left' | 'right' {
  return side === 1 ? 'left' : 'right';
}
