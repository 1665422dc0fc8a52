/** The part of the Prioritized Task Scheduling API used here (Chromium has it; others may not). */
interface TTaskScheduler {
  postTask<T>(callback: () => T): Promise<T>;
}

/**
 * Resolves in a task of its own where the browser schedules tasks (`scheduler.postTask`), at
 * once elsewhere. A screen's first commit starts all its queries in one task, and each
 * `fetch()` costs the main thread 1–2 ms (more on a phone): Home's sixteen made the commit
 * that started them the page's longest task. Started from tasks of their own, each request
 * costs its own short task and the commit stays short (decision 078).
 */
export function taskOfItsOwn(): Promise<void> {
  const taskScheduler = (globalThis as { scheduler?: Partial<TTaskScheduler> }).scheduler;
  return typeof taskScheduler?.postTask === 'function'
    ? taskScheduler.postTask(() => undefined)
    : Promise.resolve();
}
