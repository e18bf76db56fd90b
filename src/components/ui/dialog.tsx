import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ComponentPropsWithoutRef, type ReactElement, type ReactNode } from 'react';
import { cn } from './cn';

type ContentProps = ComponentPropsWithoutRef<typeof RadixDialog.Content>;

const sizes = {
  sm: 'max-w-md',
  md: 'max-w-xl',
  lg: 'max-w-2xl',
} as const;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The button that opens the dialog. Rendered as Radix's trigger, so focus goes back to it on
   * close: Radix's modal dialog only returns focus to its own trigger, never to an outside button.
   */
  trigger?: ReactElement;
  title: ReactNode;
  /** Announced with the title when the dialog opens. */
  description?: ReactNode;
  children?: ReactNode;
  /**
   * 'alertdialog' for a confirmation: screen readers announce it as one, and like an alert dialog
   * it ignores clicks on the backdrop, so only an explicit answer closes it.
   */
  role?: 'dialog' | 'alertdialog';
  /** False for forms: a stray tap beside a half-written post must not throw it away. */
  closeOnOutsideClick?: boolean;
  size?: keyof typeof sizes;
  /** Replaces the default first focus (see `initialFocus`). */
  onOpenAutoFocus?: ContentProps['onOpenAutoFocus'];
  onCloseAutoFocus?: ContentProps['onCloseAutoFocus'];
}

const fieldSelector =
  'input:not([type=hidden]):not([type=radio]):not([type=checkbox]):not(:disabled), textarea:not(:disabled), select:not(:disabled)';

/**
 * Where focus goes when the dialog opens: an element marked `data-autofocus`, else the first text
 * field of the body. Radix's own choice would be the first tabbable element, here the header's
 * close button, which makes someone about to type tab past it first.
 */
function initialFocus(body: HTMLElement | null): HTMLElement | null {
  return (
    body?.querySelector<HTMLElement>('[data-autofocus]') ??
    body?.querySelector<HTMLElement>(fieldSelector) ??
    null
  );
}

/**
 * The design system's modal. Radix traps focus inside it, closes it on Escape and on the close
 * button, and makes the page behind it inert. The title stays on top and the body scrolls, so
 * a long form fits a phone held upright or a landscape screen with the keyboard open.
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  role = 'dialog',
  closeOnOutsideClick = role === 'dialog',
  size = 'md',
  onOpenAutoFocus,
  onCloseAutoFocus,
}: DialogProps) {
  const body = useRef<HTMLDivElement>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <RadixDialog.Content
          role={role}
          // Without a description Radix would point aria-describedby at nothing (and warn).
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            if (onOpenAutoFocus) return onOpenAutoFocus(event);
            const target = initialFocus(body.current);
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          onCloseAutoFocus={onCloseAutoFocus}
          onPointerDownOutside={(event) => {
            if (!closeOnOutsideClick) event.preventDefault();
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white text-slate-900 shadow-xl sm:max-h-[90dvh] sm:w-[calc(100%-2rem)] dark:bg-slate-900 dark:text-slate-100',
            sizes[size],
          )}
        >
          <div className="flex items-start gap-3 border-b border-slate-200 px-5 pt-4 pb-3 dark:border-slate-800">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="text-lg font-bold break-words">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              aria-label="Close"
              className="-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <X aria-hidden className="size-5" />
            </RadixDialog.Close>
          </div>
          <div ref={body} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4">
            {children}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * The row of actions at the end of a dialog's body. It sticks to the bottom of the scrolling
 * body, so 'Save' stays in reach on a small screen however long the content is. The body's bottom
 * padding is cancelled on both counts (-bottom-4, -mb-4): Chrome sticks an element inside the
 * scroller's padding, which would let the content show through below the buttons.
 */
export function DialogFooter({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      className={cn(
        'sticky -bottom-4 -mx-5 mt-5 -mb-4 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white px-5 py-3 dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** A button that closes the dialog it is in, for 'Cancel'. */
export const DialogClose = RadixDialog.Close;
