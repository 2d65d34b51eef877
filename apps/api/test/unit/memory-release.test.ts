import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRelease, lastResortCollector } from '../../src/lib/memory-release.ts';

describe('memory given back after heavy requests', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('collects once, a moment after the last heavy request answers, never while one runs', () => {
    const collect = vi.fn();
    const memory = createMemoryRelease({ delayMs: 250, collect });
    memory.started();
    memory.started();
    memory.ended();
    vi.advanceTimersByTime(1000);
    expect(collect).not.toHaveBeenCalled(); // one still running
    memory.ended();
    vi.advanceTimersByTime(200);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('a heavy request that starts during the wait postpones the collection until it too has answered', () => {
    const collect = vi.fn();
    const memory = createMemoryRelease({ delayMs: 250, collect });
    memory.started();
    memory.ended();
    vi.advanceTimersByTime(100);
    memory.started();
    vi.advanceTimersByTime(1000);
    expect(collect).not.toHaveBeenCalled();
    memory.ended();
    vi.advanceTimersByTime(250);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('a timer that fires late (the event loop was held) waits again, so an upload queued behind it goes first', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const collect = vi.fn();
    const memory = createMemoryRelease({ delayMs: 250, collect });
    memory.started();
    memory.ended();
    now = 2000; // 2 s of synchronous work held the loop: the timer fires 1.75 s late
    vi.advanceTimersByTime(250);
    expect(collect).not.toHaveBeenCalled();
    memory.started(); // the upload that waited behind it
    vi.advanceTimersByTime(1000);
    expect(collect).not.toHaveBeenCalled();
    memory.ended();
    now = 2250;
    vi.advanceTimersByTime(250);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('still collects when every timer is late, after a few more delays', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const collect = vi.fn();
    const memory = createMemoryRelease({ delayMs: 250, collect });
    memory.started();
    memory.ended();
    for (let i = 0; i < 4; i++) {
      now += 1000;
      vi.advanceTimersByTime(250);
    }
    expect(collect).not.toHaveBeenCalled();
    now += 1000;
    vi.advanceTimersByTime(250);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it("reaches V8's collector without --expose-gc, and runs it", () => {
    const collect = lastResortCollector();
    expect(collect).toBeTypeOf('function');
    expect(() => collect?.()).not.toThrow();
    // the global stays as it was: nothing else in the process sees a gc()
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
