// The avatar in 3D, or a flat drawing of it where 3D cannot be drawn (SPEC.md §8: 'Failed to load 3D
// avatar / Try refreshing or use 2D preview'). three.js comes in its own chunk, fetched the first time an
// avatar is shown, so no other screen waits for it.
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../../components/ui/Spinner';
import { AVATAR_TEXTS } from '../messages';
import { AvatarPreview2D } from '../three/AvatarPreview2D';
import type { AvatarLook } from '../three/look';

const AvatarViewer3D = lazy(() => import('../three/AvatarViewer3D'));

export type ViewerSize = 'small' | 'medium' | 'large' | 'fullscreen';

/** What the dialog asks of a drawn avatar: its render to store and its model to download. */
export interface AvatarExports {
  toPng(size?: number): Promise<Blob>;
  toGlb(): Promise<ArrayBuffer>;
}

const BOX: Record<ViewerSize, string> = {
  small: 'aspect-[160/200] w-[160px]',
  medium: 'aspect-[300/360] w-[300px]',
  large: 'aspect-[560/680] w-[560px]',
  fullscreen: 'size-full',
};

export function AvatarViewer({
  look,
  size,
  label,
  onReady,
}: {
  look: AvatarLook;
  size: ViewerSize;
  label: string;
  onReady?: (exports: AvatarExports | null) => void;
}) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div className={`flex max-w-full flex-col items-center gap-2 ${BOX[size]}`}>
        <AvatarPreview2D look={look} size="fill" label={label} />
        <p role="status" className="text-center text-sm text-slate-600">
          <span className="block font-medium text-slate-800">{AVATAR_TEXTS.viewerFailed}</span>
          {AVATAR_TEXTS.viewerFallback}
        </p>
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <div className={`grid max-w-full place-items-center rounded-card bg-slate-50 ${BOX[size]}`}>
          <Spinner label="Loading avatar" className="size-8 text-brand-700" />
        </div>
      }
    >
      <AvatarViewer3D
        look={look}
        size={size}
        label={label}
        onReady={(controller) => onReady?.(controller)}
        onError={() => {
          setFailed(true);
          onReady?.(null);
        }}
      />
    </Suspense>
  );
}
