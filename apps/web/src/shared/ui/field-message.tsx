/** The error line under a form control; its id is referenced by the control's aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-danger">
      {error}
    </p>
  );
}
