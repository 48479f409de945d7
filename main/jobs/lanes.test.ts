import { describe, expect, it } from 'vitest';
import { Lanes } from './lanes';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Lanes', () => {
  it('runs no more at once than it has lanes, in the order asked', async () => {
    const lanes = new Lanes(2);
    let running = 0;
    let mostAtOnce = 0;
    const started: number[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        lanes.run(async () => {
          started.push(n);
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          await wait(10);
          running -= 1;
        }),
      ),
    );
    expect(mostAtOnce).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it('a wait aborted in line leaves the line, and frees nothing it did not take', async () => {
    const lanes = new Lanes(1);
    const controller = new AbortController();
    const first = lanes.run(() => wait(30));
    const aborted = lanes.run(async () => 'never', controller.signal);
    const third = lanes.run(async () => 'third');
    controller.abort(new Error('gave up'));
    await expect(aborted).rejects.toThrow('gave up');
    await first;
    await expect(third).resolves.toBe('third');
    // One lane still: two at once would overlap.
    let running = 0;
    let mostAtOnce = 0;
    const work = async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await wait(5);
      running -= 1;
    };
    await Promise.all([lanes.run(work), lanes.run(work)]);
    expect(mostAtOnce).toBe(1);
  });

  it('hands a freed lane to the foreground line before the background one, each in the order asked', async () => {
    const lanes = new Lanes(1);
    const started: string[] = [];
    const task = (name: string) => async () => {
      started.push(name);
      await wait(5);
    };
    const first = lanes.run(task('analysis 1'), undefined, 'background');
    const rest = [
      lanes.run(task('analysis 2'), undefined, 'background'),
      lanes.run(task('read 1')),
      lanes.run(task('analysis 3'), undefined, 'background'),
      lanes.run(task('read 2'), undefined, 'foreground'),
    ];
    await Promise.all([first, ...rest]);
    // The analysis already running finishes; the reads that came after the waiting analyses go before them.
    expect(started).toEqual(['analysis 1', 'read 1', 'read 2', 'analysis 2', 'analysis 3']);
  });
});
