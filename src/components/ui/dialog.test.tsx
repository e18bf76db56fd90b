import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog, DialogClose, DialogFooter } from './dialog';

function Harness({ closeOnOutsideClick }: { closeOnOutsideClick?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button>Open</Button>}
      title="Edit profile"
      description="Change your name."
      closeOnOutsideClick={closeOnOutsideClick}
    >
      <label>
        Name <input />
      </label>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
      </DialogFooter>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('is named by its title, described by its description and starts on the first field', async () => {
    const u = userEvent.setup();
    render(<Harness />);
    await u.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    expect(dialog).toHaveAccessibleDescription('Change your name.');
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('closes with the close button and gives focus back to the opener', async () => {
    const u = userEvent.setup();
    render(<Harness />);
    await u.click(screen.getByRole('button', { name: 'Open' }));
    await u.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('keeps focus inside while open', async () => {
    const u = userEvent.setup();
    render(<Harness />);
    await u.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog');
    for (let i = 0; i < 5; i++) {
      await u.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes on a tap on the backdrop, unless told not to (for forms)', async () => {
    // Radix makes the page behind inert with pointer-events: none; a tap lands there all the same.
    const u = userEvent.setup({ pointerEventsCheck: 0 });
    const { unmount } = render(<Harness />);
    await u.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog');
    await u.click(document.body);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    unmount();

    render(<Harness closeOnOutsideClick={false} />);
    await u.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog');
    await u.click(document.body);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
