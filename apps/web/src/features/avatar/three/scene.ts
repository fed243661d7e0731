// The 3D viewer without React: a renderer, camera, lights and orbit controls around one avatar model,
// drawn only when something changes (a new look, a zoom, a turn, a drag still gliding to rest).
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import {
  clampDistance,
  DEFAULT_DISTANCE,
  easedAngle,
  focusHeight,
  MAX_DISTANCE,
  MIN_DISTANCE,
  normalizeDegrees,
  turnedAngle,
  type TurnDirection,
  zoomedDistance,
} from './controls';
import { exportGlb } from './export';
import { HEAD } from './figure';
import { type AvatarLook, lookKey } from './look';
import { buildAvatarModel, disposeModel } from './model';

export { MAX_DISTANCE, MIN_DISTANCE, ROTATE_STEP_DEGREES, ZOOM_STEP } from './controls';

export interface AvatarView {
  /** The camera's distance from the chest. */
  distance: number;
  /** The model's turn about its vertical axis, in degrees in [0, 360). */
  angle: number;
}

export interface AvatarSceneOptions {
  /** Keeps the last frame in the canvas after it is shown, for tools that read the canvas itself. */
  preserveDrawingBuffer?: boolean;
  /** Told when the distance or the turn changes, by a button, a key or a wheel or pinch zoom. */
  onViewChange?: (view: AvatarView) => void;
}

export interface AvatarSceneController extends Readonly<AvatarView> {
  setLook(look: AvatarLook): void;
  zoomIn(): void;
  zoomOut(): void;
  rotateLeft(): void;
  rotateRight(): void;
  /** The canvas's size in CSS pixels; the drawing buffer follows at the screen's density, at most 2×. */
  resize(width: number, height: number): void;
  renderNow(): void;
  /** A square portrait (head and shoulders, from the front) on a transparent background. */
  toPng(size?: number): Promise<Blob>;
  /** The model alone (no turn, no lights) as a GLB file. */
  toGlb(): Promise<ArrayBuffer>;
  dispose(): void;
}

/** Thrown when the browser cannot give a WebGL context: the caller shows the flat preview instead. */
export class WebGLUnavailableError extends Error {
  override readonly name = 'WebGLUnavailableError';
}

/** Where the camera looks from the default distance; zooming moves it (focusHeight). */
const LOOK_AT = new THREE.Vector3(0, focusHeight(DEFAULT_DISTANCE), 0);
/** Slightly from above, as one looks at a person across a table. */
const CAMERA_LIFT = 0.3;
const FIELD_OF_VIEW = 30;
const MAX_PIXEL_RATIO = 2;
const DEFAULT_PNG_SIZE = 512;
/** The stored render: head and shoulders, from the front and a little above the eyes. */
const PORTRAIT = {
  position: new THREE.Vector3(0, HEAD.y, 1.8),
  target: new THREE.Vector3(0, HEAD.y - 0.13, 0),
} as const;
/** The PNG render is stored with the avatar; larger ones are drawn again smaller. */
const MAX_PNG_BYTES = 512 * 1024;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function createRenderer(canvas: HTMLCanvasElement, preserveDrawingBuffer: boolean): THREE.WebGLRenderer {
  try {
    return new THREE.WebGLRenderer({ canvas, antialias: true, alpha: true, preserveDrawingBuffer });
  } catch (cause) {
    throw new WebGLUnavailableError(
      'WebGL is not available in this browser, so the avatar cannot be drawn in 3D.',
      {
        cause,
      },
    );
  }
}

function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The avatar could not be saved as PNG.'))),
      'image/png',
    );
  });
}

export function createAvatarScene(
  canvas: HTMLCanvasElement,
  options: AvatarSceneOptions = {},
): AvatarSceneController {
  const renderer = createRenderer(canvas, options.preserveDrawingBuffer ?? false);
  renderer.setClearColor(0x000000, 0);

  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(FIELD_OF_VIEW, 1, 0.1, 50);
  const lift = Math.min(CAMERA_LIFT, DEFAULT_DISTANCE / 2);
  camera.position.set(0, LOOK_AT.y + lift, Math.sqrt(DEFAULT_DISTANCE ** 2 - lift ** 2));
  scene.add(camera);

  // Soft light from everywhere, and a key light riding with the camera, so whichever side is shown is lit.
  scene.add(new THREE.HemisphereLight(0xffffff, 0x8a7f72, 2.2));
  const key = new THREE.DirectionalLight(0xffffff, 1.7);
  key.position.set(-1.2, 1.6, 0.4);
  key.target.position.copy(LOOK_AT);
  camera.add(key);
  scene.add(key.target);

  const reducedMotion = prefersReducedMotion();
  const controls = new OrbitControls(camera, canvas);
  controls.target.copy(LOOK_AT);
  controls.enablePan = false;
  controls.enableZoom = true;
  controls.minDistance = MIN_DISTANCE;
  controls.maxDistance = MAX_DISTANCE;
  // Never from under the floor, nor straight down on the hat.
  controls.minPolarAngle = Math.PI * 0.18;
  controls.maxPolarAngle = Math.PI * 0.62;
  controls.enableDamping = !reducedMotion;
  controls.dampingFactor = 0.12;
  controls.update();

  // The model turns inside this pivot, so a new look keeps the turn.
  const pivot = new THREE.Group();
  scene.add(pivot);
  let model: THREE.Group | null = null;
  let modelKey: string | null = null;

  let targetAngle = 0;
  let turn: { from: number; to: number; start: number } | null = null;
  let frame = 0;
  let disposed = false;
  let reported = { distance: DEFAULT_DISTANCE, angle: 0 };

  const distance = () => camera.position.distanceTo(controls.target);
  const angle = () => normalizeDegrees(targetAngle);

  function reportView() {
    const view = { distance: distance(), angle: angle() };
    if (Math.abs(view.distance - reported.distance) < 1e-4 && view.angle === reported.angle) return;
    reported = view;
    options.onViewChange?.(view);
  }

  function draw(now: number): boolean {
    let moving = false;
    if (turn) {
      const eased = easedAngle(turn.from, turn.to, now - turn.start);
      pivot.rotation.y = THREE.MathUtils.degToRad(eased.angle);
      if (eased.done) turn = null;
      else moving = true;
    }
    // While damping glides a drag to rest, update() reports the camera still moving.
    if (controls.update()) moving = true;
    renderer.render(scene, camera);
    return moving;
  }

  function invalidate() {
    if (frame || disposed) return;
    frame = requestAnimationFrame((now) => {
      frame = 0;
      if (draw(now)) invalidate();
    });
  }

  /** Moves camera and target together to the focus for the distance, keeping the direction of view. */
  function refocus() {
    const lift = focusHeight(distance()) - controls.target.y;
    if (Math.abs(lift) < 1e-6) return;
    controls.target.y += lift;
    camera.position.y += lift;
  }

  controls.addEventListener('change', () => {
    refocus();
    invalidate();
    reportView();
  });

  function setDistance(next: number) {
    const offset = camera.position.clone().sub(controls.target);
    camera.position.copy(controls.target).add(offset.setLength(clampDistance(next)));
    refocus();
    invalidate();
    reportView();
  }

  function rotate(direction: TurnDirection) {
    const current = THREE.MathUtils.radToDeg(pivot.rotation.y);
    targetAngle = turnedAngle(targetAngle, direction);
    if (reducedMotion) {
      turn = null;
      pivot.rotation.y = THREE.MathUtils.degToRad(targetAngle);
    } else {
      turn = { from: current, to: targetAngle, start: performance.now() };
    }
    invalidate();
    reportView();
  }

  async function toPng(size = DEFAULT_PNG_SIZE): Promise<Blob> {
    if (disposed) throw new Error('The avatar viewer is closed: there is nothing to render.');
    const { x: width, y: height } = renderer.getSize(new THREE.Vector2());
    const pixelRatio = renderer.getPixelRatio();
    const view = { position: camera.position.clone(), quaternion: camera.quaternion.clone() };
    const turned = pivot.rotation.y;
    renderer.setPixelRatio(1);
    renderer.setSize(size, size, false);
    camera.aspect = 1;
    camera.updateProjectionMatrix();
    // A portrait, whatever view the creator was left at: the header and the leaderboard show it small.
    camera.position.copy(PORTRAIT.position);
    camera.lookAt(PORTRAIT.target);
    pivot.rotation.y = 0;
    renderer.render(scene, camera);
    // toBlob copies the frame at once, so the view is put back before the browser shows anything.
    const png = canvasToPng(canvas);
    camera.position.copy(view.position);
    camera.quaternion.copy(view.quaternion);
    pivot.rotation.y = turned;
    renderer.setPixelRatio(pixelRatio);
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    renderer.render(scene, camera);
    const blob = await png;
    return blob.size > MAX_PNG_BYTES && size > 128 ? toPng(Math.round(size * 0.75)) : blob;
  }

  return {
    get distance() {
      return distance();
    },
    get angle() {
      return angle();
    },
    setLook(look) {
      const next = lookKey(look);
      if (next === modelKey) return;
      const previous = model;
      model = buildAvatarModel(look);
      modelKey = next;
      pivot.add(model);
      if (previous) disposeModel(previous);
      invalidate();
    },
    zoomIn: () => setDistance(zoomedDistance(distance(), 'in')),
    zoomOut: () => setDistance(zoomedDistance(distance(), 'out')),
    rotateLeft: () => rotate('left'),
    rotateRight: () => rotate('right'),
    resize(width, height) {
      if (width <= 0 || height <= 0) return;
      renderer.setPixelRatio(Math.min(globalThis.devicePixelRatio || 1, MAX_PIXEL_RATIO));
      renderer.setSize(width, height, false);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      invalidate();
    },
    renderNow() {
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
      if (draw(performance.now())) invalidate();
    },
    toPng,
    async toGlb() {
      if (!model) throw new Error('There is no avatar to export yet: set a look first.');
      return exportGlb(model);
    },
    dispose() {
      disposed = true;
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
      controls.dispose();
      if (model) disposeModel(model);
      model = null;
      renderer.dispose();
      // Browsers keep only a few WebGL contexts; each viewer mounts its own canvas, so losing this one is safe.
      renderer.forceContextLoss();
    },
  };
}
