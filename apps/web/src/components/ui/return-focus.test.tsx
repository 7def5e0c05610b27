import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalFrame } from './modal-frame';
import { Sheet } from './sheet';

/** A page with a button that opens a dialog from state (no Dialog.Trigger), as the app's pages do. */
function Page({ kind }: { kind: 'modal' | 'sheet' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Antes</button>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      {kind === 'modal' ? (
        <ModalFrame open={open} onOpenChange={setOpen} aria-describedby={undefined}>
          <Dialog.Title>Diálogo</Dialog.Title>
          <button type="button" onClick={() => setOpen(false)}>
            Fechar diálogo
          </button>
        </ModalFrame>
      ) : (
        <Sheet open={open} onOpenChange={setOpen} title="Sacola">
          <p>Itens</p>
        </Sheet>
      )}
    </>
  );
}

async function openFromButton() {
  const opener = screen.getByRole('button', { name: 'Abrir' });
  act(() => opener.focus());
  fireEvent.click(opener);
  await screen.findByRole('dialog');
  await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));
  return opener;
}

describe('closing a dialog gives the focus back to what opened it', () => {
  afterEach(cleanup);

  it('a modal closed with Esc or its own button', async () => {
    render(<Page kind="modal" />);
    let opener = await openFromButton();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    opener = await openFromButton();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar diálogo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('a side sheet (the bag, the menu) closed with its X', async () => {
    render(<Page kind="sheet" />);
    const opener = await openFromButton();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
