export declare const root: string;
/** A variable given as `undefined` is left out of the server's environment (as `npm start` would have it). */
export declare function runServer(
  env?: Record<string, string | undefined>,
  options?: { serverRoot?: string; from?: string },
): Promise<{
  url: string;
  dataDir: string;
  pid: number;
  /** What the server printed until it was running (a start-up warning, say). */
  startOutput: string;
  stop(options?: { keepData?: boolean }): Promise<void>;
}>;
