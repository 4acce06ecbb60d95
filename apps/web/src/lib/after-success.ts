/**
 * Runs `then` once a mutation's call has succeeded, whatever happened to the component meanwhile.
 * TanStack Query drops the per-call callbacks of `mutate(v, { onSuccess })` when the observer is
 * unsubscribed (the page re-suspended on a lazy chunk, a refetch swapped the view), so a success
 * notice or a navigation could silently not happen; `mutateAsync`'s promise always settles.
 * A failure needs nothing here: the request client has shown why.
 */
export const afterSuccess = <T>(call: Promise<T>, then: (value: T) => unknown): void => {
  call.then(then, () => undefined);
};
