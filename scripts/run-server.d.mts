export declare const root: string;
export declare function runServer(
  env?: Record<string, string>,
): Promise<{ url: string; dataDir: string; pid: number; stop(options?: { keepData?: boolean }): Promise<void> }>;
