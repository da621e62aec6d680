/** JSON over real HTTP to a listening test server (the payment pages and webhooks need a real port). */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const jsonCaller =
  (base: () => string) => async (method: string, path: string, auth: Record<string, string>, body?: unknown) => {
    const response = await fetch(`${base()}${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json().catch(() => null)) as Json };
  };
