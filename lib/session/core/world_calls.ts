/** Small helpers over a page's frames (every door uses them). */
import type { FrameInfo } from "../../driver/page_driver.ts";

export function mainFrame(frames: FrameInfo[]): FrameInfo {
  return frames.find((f) => f.parentId === null)!;
}
