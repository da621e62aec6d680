export { Button, buttonClass, type ButtonProps, type ButtonVariant, type ButtonSize } from './button.tsx';
export { TextField, type TextFieldProps } from './text-field.tsx';
export { Checkbox, type CheckboxProps } from './checkbox.tsx';
export { Select, type SelectProps, type SelectOption } from './select.tsx';
export { Spinner } from './spinner.tsx';
export { Toaster } from './toaster.tsx';
export { toast, dismissToast, clearToasts, type ToastInput, type ToastType } from './toast.ts';
