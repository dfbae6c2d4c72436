/** The body of a response as JSON; tests assert its shape, so it is typed loosely on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function json(response: Response | Promise<Response>): Promise<any> {
  return (await response).json();
}
