/**
 * Settles in a new task: what follows runs after the browser has had its turn (input, a frame), so
 * long work cut at these points never holds a slow phone's main thread in one piece.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
