/** Why a submitted form was refused, above its fields; announced at once. Text only, never HTML. */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm text-danger">
      {message}
    </p>
  );
}
