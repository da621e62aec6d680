export declare const root: string;
export declare function runServer(
  env?: Record<string, string>,
): Promise<{ url: string; dataDir: string; stop(): Promise<void> }>;
