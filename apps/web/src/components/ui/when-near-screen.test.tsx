import { act, render, screen } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { WhenNearScreen } from './when-near-screen';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

/** An IntersectionObserver the test drives: `observers[i].show(bool)` reports the box. */
function fakeObserver() {
  const observers: {
    options: IntersectionObserverInit | undefined;
    show: (on: boolean) => void;
    disconnected: boolean;
  }[] = [];
  class Fake {
    constructor(callback: Callback, options?: IntersectionObserverInit) {
      const entry = {
        options,
        disconnected: false,
        show: (on: boolean) => callback([{ isIntersecting: on }]),
      };
      observers.push(entry);
      this.disconnect = () => {
        entry.disconnected = true;
      };
    }
    observe() {}
    disconnect: () => void;
  }
  vi.stubGlobal('IntersectionObserver', Fake);
  return observers;
}

afterEach(() => vi.unstubAllGlobals());

describe('WhenNearScreen', () => {
  it('keeps a box of the given height until it nears the screen, then renders its content', () => {
    const observers = fakeObserver();
    const { container } = render(
      <WhenNearScreen height={260} margin="300px">
        <p>Chart</p>
      </WhenNearScreen>,
    );
    expect(screen.queryByText('Chart')).toBeNull();
    expect((container.firstElementChild as HTMLElement).style.minHeight).toBe('260px');
    expect(observers[0]!.options).toEqual({ rootMargin: '300px' });
    act(() => observers[0]!.show(false));
    expect(screen.queryByText('Chart')).toBeNull();
    act(() => observers[0]!.show(true));
    expect(screen.getByText('Chart')).toBeInTheDocument();
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('renders at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNearScreen height={100}>
        <p>Chart</p>
      </WhenNearScreen>,
    );
    expect(screen.getByText('Chart')).toBeInTheDocument();
  });
});
