// The avatar dialog (SPEC.md §2, §4 Avatar dialog, §8 Avatar): a full-screen overlay opened from the
// dashboard and the profile, with an overview of the traveller's avatar and what travel has unlocked, and
// the creator. Saving closes the dialog; a failed save comes back to the overview and says so.
import { useState, useSyncExternalStore } from 'react';
import { ArrowLeft, Download, Maximize2, Minimize2, Sparkles, X } from 'lucide-react';
import { useNavigate } from 'react-router';
import { avatarItems, type AvatarParts, type AvatarProgress } from '@waymarks/shared';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import {
  useAvatarItems,
  useAvatarProgress,
  useNewUnlocks,
  useSavedAvatar,
  useSaveAvatar,
} from '../api/avatar';
import { AVATAR_TEXTS } from '../messages';
import { lookOf, startingParts, type SavableParts } from '../parts';
import { AvatarCreator } from './AvatarCreator';
import { AvatarViewer, type AvatarExports } from './AvatarViewer';
import { DialogClose, DialogPanel, DialogRoot, DialogTitle } from '../../../components/ui/Dialog';

type View = 'overview' | 'creator';

/**
 * The overview draws the saved parts and names new unlocks from the shared catalogue, so it shows them
 * even while the traveller's wardrobe (what is unlocked and wearable) is loading or failed to load.
 */
const catalogue = avatarItems;

/** The customisation level's name as the plans show it. */
const LEVEL_LABELS = { basic: 'Basic', full: 'Full', premium: 'Premium', legendary: 'Legendary' } as const;

export function AvatarDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogPanel className="fixed inset-0 z-50 flex flex-col bg-white data-[state=open]:animate-fade-in">
        {open && <AvatarPanels onClose={() => onOpenChange(false)} />}
      </DialogPanel>
    </DialogRoot>
  );
}

function AvatarPanels({ onClose }: { onClose: () => void }) {
  const [view, setView] = useState<View>('overview');
  const [saveFailed, setSaveFailed] = useState(false);
  const saved = useSavedAvatar();
  const progress = useAvatarProgress();
  const items = useAvatarItems();
  const save = useSaveAvatar();

  const title = view === 'creator' ? 'Customize Avatar' : 'Your Avatar';
  const header = (
    <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 md:px-6">
      {view === 'creator' && (
        <button
          type="button"
          aria-label="Back to overview"
          onClick={() => setView('overview')}
          className="-ml-2 flex size-11 items-center justify-center rounded-control text-slate-600 hover:bg-slate-100"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </button>
      )}
      <DialogTitle className="text-title font-semibold text-slate-900">{title}</DialogTitle>
      <DialogClose
        aria-label="Close"
        className="-mr-2 ml-auto flex size-11 items-center justify-center rounded-control text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      >
        <X aria-hidden="true" className="size-5" />
      </DialogClose>
    </header>
  );

  if (saved.isPending || progress.isPending) {
    return (
      <>
        {header}
        <div className="grid flex-1 place-items-center">
          <Spinner label="Loading avatar" className="size-8 text-brand-700" />
        </div>
      </>
    );
  }
  if (saved.isError || progress.isError) {
    return (
      <>
        {header}
        <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
          <h3 className="text-title font-semibold text-slate-900">{AVATAR_TEXTS.loadFailedTitle}</h3>
          <p className="text-slate-600">{AVATAR_TEXTS.loadFailed}</p>
          <div className="flex gap-3">
            <Button
              onClick={() => {
                void saved.refetch();
                void progress.refetch();
              }}
            >
              Try Again
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      </>
    );
  }

  const onSave = (parts: SavableParts, exports: AvatarExports | null) => {
    setSaveFailed(false);
    save.mutate(
      {
        parts,
        render: exports ? () => exports.toPng() : null,
      },
      {
        onSuccess: onClose,
        onError: () => {
          setSaveFailed(true);
          setView('overview');
        },
      },
    );
  };

  if (view === 'creator') {
    return (
      <>
        {header}
        {items.isPending ? (
          <div className="grid flex-1 place-items-center">
            <Spinner label="Loading avatar parts" className="size-8 text-brand-700" />
          </div>
        ) : items.isError ? (
          <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
            <Alert tone="error">{AVATAR_TEXTS.optionsFailed}</Alert>
            <Button onClick={() => void items.refetch()}>Try Again</Button>
          </div>
        ) : (
          <AvatarCreator
            items={items.data.items}
            initial={saved.data.hasAvatar ? saved.data.parts : startingParts(items.data.items)}
            saving={save.isPending}
            onSave={onSave}
            onCancel={() => setView('overview')}
          />
        )}
      </>
    );
  }

  return (
    <>
      {header}
      <Overview
        parts={saved.data.hasAvatar ? saved.data.parts : null}
        progress={progress.data}
        saveFailed={saveFailed}
        onCreate={() => setView('creator')}
        onClose={onClose}
      />
    </>
  );
}

function Overview({
  parts,
  progress,
  saveFailed,
  onCreate,
  onClose,
}: {
  parts: AvatarParts | null;
  progress: AvatarProgress;
  saveFailed: boolean;
  onCreate: () => void;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const roomy = useRoomyScreen();
  const [fullscreen, setFullscreen] = useState(false);
  const [exports, setExports] = useState<AvatarExports | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const paid = progress.customizationLevel !== null;
  const unlocks = useNewUnlocks({ enabled: paid });
  const newNames = (unlocks.data?.newlyUnlocked ?? [])
    .map((id) => catalogue().find((item) => item.id === id)?.name)
    .filter((name): name is string => name !== undefined);

  async function download() {
    setDownloadFailed(false);
    try {
      if (!exports) throw new Error('The avatar is not drawn yet');
      const model = new Blob([await exports.toGlb()], { type: 'model/gltf-binary' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(model);
      link.download = `avatar-${Date.now()}.glb`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 0);
    } catch {
      setDownloadFailed(true);
    }
  }

  return (
    <div className="grid min-h-0 flex-1 gap-6 overflow-y-auto p-4 md:grid-cols-[minmax(0,auto)_minmax(0,1fr)] md:p-6">
      <div className="flex justify-center md:items-start">
        {parts ? (
          <div className="flex flex-col items-center gap-3">
            {fullscreen ? (
              <div className="fixed inset-x-0 bottom-0 top-[69px] z-10 bg-white p-4">
                <AvatarViewer
                  look={lookOf(parts, catalogue())}
                  size="fullscreen"
                  label="Your avatar"
                  onReady={setExports}
                />
                <Button
                  variant="secondary"
                  className="absolute right-4 top-4"
                  onClick={() => setFullscreen(false)}
                >
                  <Minimize2 aria-hidden="true" className="size-4" />
                  Exit full screen
                </Button>
              </div>
            ) : (
              <>
                <AvatarViewer
                  look={lookOf(parts, catalogue())}
                  size={roomy ? 'large' : 'medium'}
                  label="Your avatar"
                  onReady={setExports}
                />
                <Button variant="secondary" onClick={() => setFullscreen(true)}>
                  <Maximize2 aria-hidden="true" className="size-4" />
                  Full screen
                </Button>
              </>
            )}
          </div>
        ) : (
          <div className="flex aspect-[300/360] w-[300px] max-w-full flex-col items-center justify-center gap-3 rounded-card border border-dashed border-slate-300 bg-slate-50 p-6 text-center">
            <Sparkles aria-hidden="true" className="size-8 text-brand-700" />
            <p className="font-medium text-slate-800">No avatar yet</p>
            <p className="text-sm text-slate-600">Create one, and dress it in what your travels unlock.</p>
          </div>
        )}
      </div>
      <div className="flex min-w-0 max-w-xl flex-col gap-5">
        {saveFailed && <Alert tone="error">{AVATAR_TEXTS.saveFailed}</Alert>}
        {downloadFailed && <Alert tone="error">{AVATAR_TEXTS.downloadFailed}</Alert>}
        {newNames.length > 0 && <Alert tone="success">Newly unlocked: {newNames.join(', ')}</Alert>}
        <section aria-labelledby="avatar-progress" className="flex flex-col gap-3">
          <h3 id="avatar-progress" className="font-semibold text-slate-900">
            Unlocked by your travels
          </h3>
          <dl className="grid grid-cols-2 gap-3">
            <Figure label="Parts unlocked" value={`${progress.unlockedCount} of ${progress.totalCount}`} />
            <Figure label="Countries" value={`${progress.countriesVisited} of 195`} />
            <Figure label="Continents" value={String(progress.continentsVisited)} />
            <Figure label="Verified pins" value={String(progress.verifiedPins)} />
          </dl>
          <p className="text-sm text-slate-600">
            {paid
              ? `Customization level: ${LEVEL_LABELS[progress.customizationLevel!]}`
              : 'Avatars come with every paid plan.'}
          </p>
        </section>
        <div className="flex flex-wrap gap-3">
          {paid ? (
            <Button onClick={onCreate}>{parts ? 'Customize Avatar' : 'Create Avatar'}</Button>
          ) : (
            <>
              <span title={AVATAR_TEXTS.paidPlanRequired} className="inline-flex">
                <Button disabled aria-describedby="avatar-paid-plan">
                  {parts ? 'Customize Avatar' : 'Create Avatar'}
                </Button>
              </span>
              <Button
                variant="secondary"
                onClick={() => {
                  onClose();
                  navigate('/profile#profile');
                }}
              >
                Upgrade
              </Button>
            </>
          )}
          {parts && (
            <Button variant="secondary" onClick={() => void download()} disabled={!exports}>
              <Download aria-hidden="true" className="size-4" />
              Download
            </Button>
          )}
        </div>
        {!paid && (
          <p id="avatar-paid-plan" className="text-sm text-slate-600">
            {AVATAR_TEXTS.paidPlanRequired}
          </p>
        )}
      </div>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-control border border-slate-200 bg-slate-50 px-3 py-2.5">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

const ROOMY = '(min-width: 1024px) and (min-height: 880px)';
/** Browsers without media queries (and test environments) get the medium viewer. */
const roomyQuery = () => (typeof matchMedia === 'function' ? matchMedia(ROOMY) : null);

/** Whether the screen has room for the large viewer (560×680) beside the overview's figures. */
function useRoomyScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = roomyQuery();
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => roomyQuery()?.matches ?? false,
    () => false,
  );
}
