import { MULTI_IMAGE_MAX, SIDE_DRAWER_WIDTH, SLIDE_UP_HEIGHT } from '@sampada/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { AvatarFallback } from './avatar-fallback';
import { FloatingLabelInput, type TTrimMode } from './floating-label-input';
import { ImageViewer } from './image-viewer';
import { formatClock, LiveClock } from './live-clock';
import { LoadingButton } from './loading-button';
import { MultiImageUpload, mergeImages } from './multi-image-upload';
import { SideDrawer } from './side-drawer';
import { SlideUpDrawer } from './slide-up-drawer';
import { StepIndicator } from './step-indicator';

function Input({
  trim,
  prefix,
  clearable,
}: {
  trim?: TTrimMode;
  prefix?: string;
  clearable?: boolean;
}) {
  const [value, setValue] = useState('');
  return (
    <FloatingLabelInput
      label="Name"
      value={value}
      onChange={setValue}
      trim={trim}
      prefix={prefix}
      clearable={clearable}
    />
  );
}

const png = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('FloatingLabelInput', () => {
  it('trims on every change by default, shows its prefix and clears', async () => {
    const { user } = renderWithProviders(<Input prefix="+91" clearable />);
    const input = screen.getByLabelText('Name');
    expect(screen.getByText('+91')).toBeInTheDocument();
    await user.type(input, '  98 ');
    expect(input).toHaveValue('98');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(input).toHaveValue('');
  });

  it("with trim 'edges' keeps inner spaces and trims the end on blur", async () => {
    const { user } = renderWithProviders(<Input trim="edges" />);
    const input = screen.getByLabelText('Name');
    await user.type(input, '  Asha Rao ');
    expect(input).toHaveValue('Asha Rao ');
    await user.tab();
    expect(input).toHaveValue('Asha Rao');
  });
});

describe('LoadingButton', () => {
  it('shows a spinner and ignores clicks while its promise runs', async () => {
    let release!: () => void;
    const onClick = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const { user } = renderWithProviders(<LoadingButton onClick={onClick}>Save</LoadingButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    await user.click(button);
    expect(button).toHaveAttribute('data-loading', 'true');
    await user.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    await act(async () => release());
    expect(button).not.toHaveAttribute('data-loading');
  });
});

describe('MultiImageUpload (spec §5)', () => {
  it('keeps images only and cuts the list at the maximum', () => {
    const files = Array.from({ length: 12 }, (_, i) => png(`${i}.png`));
    expect(mergeImages([], files, MULTI_IMAGE_MAX)).toHaveLength(10);
    expect(
      mergeImages(
        [png('a.png')],
        [new File(['x'], 'a.pdf', { type: 'application/pdf' }), png('b.png')],
        3,
      ).map((f) => f.name),
    ).toEqual(['a.png', 'b.png']);
  });

  it("shows 'Supported: JPG, PNG. Max N images.' and removes a picked image", async () => {
    function Harness() {
      const [files, setFiles] = useState([png('a.png'), png('b.png')]);
      return <MultiImageUpload value={files} onChange={setFiles} max={4} />;
    }
    const { user } = renderWithProviders(<Harness />);
    expect(screen.getByText('Supported: JPG, PNG. Max 4 images.')).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it('defaults to 10 images', () => {
    renderWithProviders(<MultiImageUpload value={[]} onChange={vi.fn()} />);
    expect(screen.getByText('Supported: JPG, PNG. Max 10 images.')).toBeInTheDocument();
  });
});

describe('ImageViewer', () => {
  it('opens on click, zooms, and closes on Escape', async () => {
    const { user } = renderWithProviders(<ImageViewer src="http://x/id.jpg" alt="ID Front" />);
    await user.click(screen.getByRole('button', { name: 'Open ID Front' }));
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByText('Zoom 100%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('Zoom 125%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(screen.getByText('Zoom 100%')).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('drawers (spec §2, §9)', () => {
  it('slide-up drawer is 80vh by default and 100vh when full height', () => {
    const { unmount } = renderWithProviders(
      <SlideUpDrawer opened onClose={vi.fn()} title="Deposit">
        body
      </SlideUpDrawer>,
    );
    expect(document.body.innerHTML).toContain(`--drawer-size: ${SLIDE_UP_HEIGHT}`);
    unmount();
    renderWithProviders(
      <SlideUpDrawer opened onClose={vi.fn()} fullHeight title="Deposit">
        body
      </SlideUpDrawer>,
    );
    expect(document.body.innerHTML).toContain('--drawer-size: 100vh');
  });

  it('side drawer is 85% wide from the right and closes from its close button', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <SideDrawer
        opened
        onClose={onClose}
        title="Customer Service"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        body
      </SideDrawer>,
    );
    expect(document.body.innerHTML).toContain(`--drawer-size: ${SIDE_DRAWER_WIDTH}`);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('StepIndicator under 768 px', () => {
  it("folds into 'Step n of N' with the sub-label", () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: true,
    })) as typeof window.matchMedia;
    try {
      renderWithProviders(
        <StepIndicator
          active={1}
          steps={[{ label: 'One' }, { label: 'Two' }, { label: 'Three' }]}
        />,
      );
      expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
      expect(screen.getByText('Two')).toBeInTheDocument();
      expect(screen.getByText('Complete the steps to proceed')).toBeInTheDocument();
      expect(screen.queryByText('One')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});

describe('modal stack (spec §2)', () => {
  it('opens by id, drags by its header, and closes one or all', async () => {
    const { openModal, closeAllModals, closeModal } = await import('./modals');
    renderWithProviders(<div />);
    act(() => {
      openModal({ id: 'a', title: 'First', children: 'first body', hold: true, draggable: true });
      openModal({ id: 'b', title: 'Second', children: 'second body' });
    });
    // The manager shows the top of the stack; closing it uncovers the one below.
    expect(await screen.findByRole('dialog', { name: 'Second' })).toBeInTheDocument();
    act(() => closeModal('b'));
    expect(await screen.findByRole('dialog', { name: 'First' })).toBeInTheDocument();

    const handle = screen.getByText('First').closest('[data-drag-handle]')!;
    fireEvent.pointerDown(handle, { button: 0, clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 60, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(screen.getByRole('dialog', { name: 'First' }).style.translate).toBe('50px 20px');

    act(() => closeModal('b'));
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Second' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'First' })).toBeInTheDocument();
    act(() => closeAllModals());
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('small pieces', () => {
  it('LiveClock formats the time in the chosen timezone', () => {
    const moment = new Date('2026-01-05T04:30:15Z');
    expect(formatClock(moment, 'UTC')).toContain('04:30:15');
    expect(formatClock(moment, 'Asia/Kolkata')).toContain('10:00:15');
    expect(formatClock(new Date('2026-09-23T20:00:00Z'), 'Asia/Kolkata')).toBe(
      '24 Sep 2026, 01:30:00',
    );
    renderWithProviders(<LiveClock timezone="UTC" />);
    expect(screen.getByTestId('live-clock')).toBeInTheDocument();
  });

  it("StepIndicator's sub-label defaults to 'Complete the steps to proceed'", () => {
    renderWithProviders(
      <StepIndicator
        active={0}
        steps={[{ label: 'One' }, { label: 'Two', description: 'Custom' }]}
      />,
    );
    expect(screen.getByText('Complete the steps to proceed')).toBeInTheDocument();
    expect(screen.getByText('Custom')).toBeInTheDocument();
  });

  it('AvatarFallback shows initials when there is no image', () => {
    renderWithProviders(<AvatarFallback name="Asha Rao" />);
    expect(screen.getByText('AR')).toBeInTheDocument();
  });
});
