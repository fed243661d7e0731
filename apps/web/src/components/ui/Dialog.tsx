import type { ComponentPropsWithRef, ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';

export const DialogRoot = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;
export const DialogTitle = RadixDialog.Title;

/**
 * A modal that lays itself out (the media viewer and the avatar creator fill the screen; a place's panel
 * rises from the bottom on a phone): focus is trapped inside and returns where it was, Escape dismisses it,
 * and the DialogTitle inside names it. `overlayClassName` draws a backdrop behind it.
 */
export function DialogPanel({
  overlayClassName,
  ...content
}: ComponentPropsWithRef<typeof RadixDialog.Content> & { overlayClassName?: string }) {
  return (
    <RadixDialog.Portal>
      {overlayClassName && <RadixDialog.Overlay className={overlayClassName} />}
      <RadixDialog.Content aria-describedby={undefined} {...content} />
    </RadixDialog.Portal>
  );
}

/** A modal panel: focus is trapped inside, Escape and the close button dismiss it. */
export function DialogContent({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      {/* React's events bubble through the portal to the component that rendered the dialog: without the
          stop, a form in the dialog would also submit a form the dialog was opened from (sign-in's). */}
      <RadixDialog.Content
        onSubmit={(event) => event.stopPropagation()}
        {...(description ? {} : { 'aria-describedby': undefined })}
        className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-white p-6 shadow-card data-[state=open]:animate-pop-in"
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <RadixDialog.Title className="text-title font-semibold text-slate-900">{title}</RadixDialog.Title>
          <RadixDialog.Close
            aria-label="Close"
            className="-mr-2 -mt-2 flex size-11 shrink-0 items-center justify-center rounded-control text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <X aria-hidden="true" className="size-5" />
          </RadixDialog.Close>
        </div>
        {description && (
          <RadixDialog.Description className="mb-4 text-sm text-slate-600">
            {description}
          </RadixDialog.Description>
        )}
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
