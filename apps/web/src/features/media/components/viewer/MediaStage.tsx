// The viewer's stage: the photo or video with its loading, preparing and failure states, and the step
// buttons.
import { useState, type CSSProperties } from 'react';
import { ChevronLeft, ChevronRight, Hourglass, ImageOff, VideoOff, type LucideIcon } from 'lucide-react';
import type { MediaItem } from '@waymarks/shared';
import { Spinner } from '../../../../components/ui/Spinner';
import type { SwipeHandlers } from './useViewerNavigation';

const STEP_BUTTON =
  'absolute top-1/2 flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-slate-900/70 ' +
  'text-white shadow-card ring-1 ring-white/15 transition-colors hover:bg-slate-800 active:bg-slate-700 ' +
  'focus-visible:outline-brand-300';

/**
 * The box a photo is drawn in, sized from its known dimensions so the blurred thumbnail holds the
 * photo's place (and nothing jumps) until the preview arrives.
 */
function frameStyle(item: MediaItem): CSSProperties {
  const ratio = item.width && item.height ? item.width / item.height : 1;
  return { aspectRatio: String(ratio), width: `min(100cqw, calc(100cqh * ${ratio}))` };
}

function StageMessage({
  icon: Icon,
  role,
  children,
}: {
  icon: LucideIcon;
  role?: 'status';
  children: string;
}) {
  return (
    <div
      role={role}
      className="absolute inset-0 flex flex-col items-center justify-center gap-3 px-16 py-6 text-center text-slate-300"
    >
      <Icon aria-hidden="true" className="size-10 text-slate-500" />
      <p className="max-w-xs text-sm">{children}</p>
    </div>
  );
}

/** The original is stored and can be downloaded; the polled list brings the preview once it is made. */
function PreparingMessage({ noun }: { noun: 'photo' | 'video' }) {
  return (
    <StageMessage icon={Hourglass} role="status">
      {`The preview of this ${noun} is being prepared. It appears here as soon as it is ready.`}
    </StageMessage>
  );
}

function PhotoStage({ item }: { item: MediaItem }) {
  const src = item.previewUrl;
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  if (src === null) return <PreparingMessage noun="photo" />;
  if (state === 'failed') {
    return (
      <StageMessage icon={ImageOff}>This photo could not be shown. Try downloading it instead.</StageMessage>
    );
  }
  const placeholder = state === 'loading';
  return (
    <div className="absolute inset-0 p-2 [container-type:size] sm:px-20 sm:py-4">
      <div className="flex size-full items-center justify-center">
        <div className="relative" style={frameStyle(item)}>
          {placeholder && item.thumbnailUrl !== null && (
            <img
              src={item.thumbnailUrl}
              alt=""
              aria-hidden="true"
              className="absolute inset-0 size-full object-cover opacity-80 blur-md"
            />
          )}
          <img
            src={src}
            alt={item.filename}
            draggable={false}
            onLoad={() => setState('loaded')}
            onError={() => setState('failed')}
            className={`relative size-full object-contain transition-opacity duration-200 ${
              state === 'loaded' ? 'opacity-100' : 'opacity-0'
            }`}
          />
          {state === 'loading' && (
            <span className="absolute inset-0 flex items-center justify-center text-white">
              <Spinner label="Loading photo…" className="size-9 drop-shadow" />
            </span>
          )}
        </div>
      </div>
    </div>
  );
}

function VideoStage({ item }: { item: MediaItem }) {
  const [failed, setFailed] = useState(false);
  // Normally a video being processed already plays from its original; without that link it waits too.
  if (item.streamUrl === null && item.status === 'processing') return <PreparingMessage noun="video" />;
  if (failed || item.streamUrl === null) {
    return (
      <StageMessage icon={VideoOff}>
        This video cannot be played in your browser. Download it to watch it.
      </StageMessage>
    );
  }
  return (
    <div className="absolute inset-0 flex items-center justify-center p-2 sm:px-20 sm:py-4">
      <video
        controls
        playsInline
        preload="metadata"
        // A video still being processed has no poster yet, but its original already plays.
        poster={item.previewUrl ?? undefined}
        src={item.streamUrl}
        aria-label={item.filename}
        onError={() => setFailed(true)}
        className="max-h-full max-w-full bg-black"
      />
    </div>
  );
}

interface MediaStageProps {
  item: MediaItem;
  /** Whether there is a neighbour to step to (more than one item). */
  canStep: boolean;
  onStep: (delta: number) => void;
  swipeHandlers: SwipeHandlers;
}

export function MediaStage({ item, canStep, onStep, swipeHandlers }: MediaStageProps) {
  return (
    <div {...swipeHandlers} className="relative min-h-0 flex-1 touch-pan-y touch-pinch-zoom select-none">
      {item.isVideo ? (
        <VideoStage key={item.mediaId} item={item} />
      ) : (
        <PhotoStage key={item.mediaId} item={item} />
      )}
      {canStep && (
        <>
          <button
            type="button"
            aria-label="Previous"
            onClick={() => onStep(-1)}
            className={`${STEP_BUTTON} left-2 sm:left-4`}
          >
            <ChevronLeft aria-hidden="true" className="size-6" />
          </button>
          <button
            type="button"
            aria-label="Next"
            onClick={() => onStep(1)}
            className={`${STEP_BUTTON} right-2 sm:right-4`}
          >
            <ChevronRight aria-hidden="true" className="size-6" />
          </button>
        </>
      )}
    </div>
  );
}
