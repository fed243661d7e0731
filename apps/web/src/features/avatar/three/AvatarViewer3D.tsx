// The avatar in 3D with zoom and turn controls (SPEC.md §4 Avatar screens, §8 Avatar viewer). It comes in
// a lazily loaded chunk with three.js; the caller shows the flat preview when onError reports no WebGL.
import { type KeyboardEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { RotateCcw, RotateCw, ZoomIn, ZoomOut } from 'lucide-react';
import { canZoom, DEFAULT_DISTANCE } from './controls';
import type { AvatarLook } from './look';
import { type AvatarSceneController, createAvatarScene } from './scene';

export type { AvatarSceneController } from './scene';

export type ViewerSize = 'small' | 'medium' | 'large' | 'fullscreen';

/** Sizes in CSS pixels; fullscreen fills its parent. On a narrow screen a size shrinks to the width. */
export const VIEWER_SIZES = {
  small: { width: 160, height: 200 },
  medium: { width: 300, height: 360 },
  large: { width: 560, height: 680 },
} as const satisfies Record<Exclude<ViewerSize, 'fullscreen'>, { width: number; height: number }>;

export interface AvatarViewer3DProps {
  look: AvatarLook;
  size: ViewerSize;
  /** What a screen reader says for the picture. */
  label: string;
  onError?: (error: Error) => void;
  /** Called once the first frame is drawn, with the controller (for PNG and GLB export, and tests). */
  onReady?: (controller: AvatarSceneController) => void;
  controls?: boolean;
}

const KEY_ACTIONS: Readonly<Record<string, (controller: AvatarSceneController) => void>> = {
  ArrowLeft: (controller) => controller.rotateLeft(),
  ArrowRight: (controller) => controller.rotateRight(),
  '+': (controller) => controller.zoomIn(),
  '=': (controller) => controller.zoomIn(),
  '-': (controller) => controller.zoomOut(),
};

// Icon buttons as elsewhere in the app (the media viewer, the file list): <Button> pads for a text label.
const CONTROL_BUTTON =
  'inline-flex items-center justify-center rounded-control border border-slate-300 bg-white/90 text-slate-700 ' +
  'shadow-sm transition-colors hover:bg-slate-50 active:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50';

export default function AvatarViewer3D({
  look,
  size,
  label,
  onError,
  onReady,
  controls = true,
}: AvatarViewer3DProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<AvatarSceneController | null>(null);
  const [failed, setFailed] = useState(false);
  const [distance, setDistance] = useState(DEFAULT_DISTANCE);

  const currentLook = useEffectEvent(() => look);
  const reportError = useEffectEvent((error: Error) => onError?.(error));
  const reportReady = useEffectEvent((scene: AvatarSceneController) => onReady?.(scene));

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    // A canvas of its own for each mount: StrictMode mounts twice, and a disposed renderer loses its context.
    const canvas = document.createElement('canvas');
    // Out of the flow: a canvas sized by its drawing buffer would grow the box it is sized from.
    Object.assign(canvas.style, { position: 'absolute', inset: '0', width: '100%', height: '100%' });
    stage.append(canvas);
    let scene: AvatarSceneController;
    try {
      scene = createAvatarScene(canvas, { onViewChange: (view) => setDistance(view.distance) });
    } catch (cause) {
      canvas.remove();
      setFailed(true);
      reportError(cause instanceof Error ? cause : new Error(String(cause)));
      return;
    }
    const { width, height } = stage.getBoundingClientRect();
    scene.resize(width, height);
    scene.setLook(currentLook());
    scene.renderNow();
    const observer = new ResizeObserver(([entry]) => {
      if (entry) scene.resize(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(stage);
    setController(scene);
    setDistance(scene.distance);
    reportReady(scene);
    return () => {
      observer.disconnect();
      scene.dispose();
      canvas.remove();
      setController(null);
    };
  }, []);

  useEffect(() => {
    controller?.setLook(look);
  }, [controller, look]);

  if (failed) return null;

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const action = KEY_ACTIONS[event.key];
    if (!action || !controller) return;
    event.preventDefault();
    action(controller);
  }

  const fixed = size === 'fullscreen' ? null : VIEWER_SIZES[size];
  const buttonSize = size === 'small' ? 'size-9' : 'size-11';
  const iconSize = size === 'small' ? 'size-4' : 'size-5';
  const buttons = [
    { label: 'Zoom in', Icon: ZoomIn, run: () => controller?.zoomIn(), enabled: canZoom(distance, 'in') },
    { label: 'Zoom out', Icon: ZoomOut, run: () => controller?.zoomOut(), enabled: canZoom(distance, 'out') },
    { label: 'Rotate left', Icon: RotateCcw, run: () => controller?.rotateLeft(), enabled: true },
    { label: 'Rotate right', Icon: RotateCw, run: () => controller?.rotateRight(), enabled: true },
  ];

  return (
    <div
      className={fixed ? 'flex max-w-full flex-col items-center gap-2' : 'relative size-full'}
      style={fixed ? { width: fixed.width } : undefined}
    >
      <div
        ref={stageRef}
        role="img"
        aria-label={label}
        tabIndex={0}
        onKeyDown={handleKeyDown}
        data-avatar-ready={controller ? 'true' : undefined}
        className={`relative overflow-hidden rounded-card ${fixed ? 'w-full' : 'size-full'}`}
        style={fixed ? { aspectRatio: `${fixed.width} / ${fixed.height}` } : undefined}
      />
      {controls && (
        <div
          className={
            fixed ? 'flex justify-center gap-1' : 'absolute inset-x-0 bottom-4 flex justify-center gap-2'
          }
        >
          {buttons.map(({ label: buttonLabel, Icon, run, enabled }) => (
            <button
              key={buttonLabel}
              type="button"
              aria-label={buttonLabel}
              disabled={!controller || !enabled}
              onClick={run}
              className={`${CONTROL_BUTTON} ${buttonSize}`}
            >
              <Icon aria-hidden="true" className={iconSize} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
