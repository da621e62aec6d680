import { useState, type FormEvent } from 'react';
import { Login, useLogin, useNotify } from 'react-admin';
import { Box, Button, TextField, Typography } from '@mui/material';

/**
 * Sign-in: e-mail, password and the code of the authenticator app (or a recovery code). The code
 * field is there from the start: staff always have a second factor.
 */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await login({ email: form.get('email'), password: form.get('password'), code: form.get('code') });
    } catch (error) {
      notify((error as Error).message || 'Sign-in failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Login>
      <Box component="form" onSubmit={submit} sx={{ p: 2, display: 'grid', gap: 2, width: 320 }}>
        <Typography component="h1" variant="h6">
          Back office sign-in
        </Typography>
        <TextField name="email" type="email" label="E-mail" autoComplete="username" required />
        <TextField name="password" type="password" label="Password" autoComplete="current-password" required />
        <TextField
          name="code"
          label="Code from your authenticator app"
          autoComplete="one-time-code"
          helperText="Six digits, or one of your recovery codes"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 32 } }}
        />
        <Button type="submit" variant="contained" disabled={busy}>
          Sign in
        </Button>
      </Box>
    </Login>
  );
}
