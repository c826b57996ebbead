export function webBuildEnv(env: Record<string, string | undefined>): Record<string, string | undefined>;
export function buildWeb(extraArgs?: string[]): number;
