export declare const root: string;
/** Builds the ops CLI into one file (default apps/server/.tmp/ops-cli.mjs) and returns its path. */
export declare function bundleOpsCli(outfile?: string): Promise<string>;
