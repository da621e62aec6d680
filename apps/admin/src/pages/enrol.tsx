import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import QRCode from 'qrcode';
import { Alert, Box, Button, Card, CardContent, List, ListItem, TextField, Typography } from '@mui/material';
import type { StaffSession } from '@casino/contracts';
import { setSession } from '../auth-provider.ts';
import { api } from '../http.ts';

type Start = { email: string; secret: string; otpauthUrl: string };

/** The recovery codes, shown once after enrolment. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const navigate = useNavigate();
  return (
    <>
      <Alert severity="success">You are enrolled and signed in.</Alert>
      <Typography component="h2" variant="h6">
        Your recovery codes
      </Typography>
      <Typography>
        Each works once, in place of a code from the app. Keep them somewhere safe: they are not shown again.
      </Typography>
      <List aria-label="Recovery codes" dense sx={{ fontFamily: 'monospace', columns: 2 }}>
        {codes.map((code) => (
          <ListItem key={code}>{code}</ListItem>
        ))}
      </List>
      <Button variant="contained" onClick={() => navigate('/')}>
        I have kept them — open the back office
      </Button>
    </>
  );
}

/** The authenticator app's secret (as a QR code and as text), a password and a first code. */
function EnrolForm(props: { start: Start; qr: string | null; onSubmit: (form: FormData) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSubmit(new FormData(event.currentTarget));
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <Typography>
        Account: <strong>{props.start.email}</strong>
      </Typography>
      <Typography component="h2" variant="h6">
        1. Add it to your authenticator app
      </Typography>
      {props.qr && <img src={props.qr} width={200} height={200} alt="QR code for your authenticator app" />}
      <Typography>
        Or type this secret: <code data-testid="totp-secret">{props.start.secret}</code>
      </Typography>
      <Typography component="h2" variant="h6">
        2. Choose a password and confirm with a code
      </Typography>
      <TextField
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        required
        slotProps={{ htmlInput: { minLength: 6 } }}
      />
      <TextField name="confirm" type="password" label="Password again" autoComplete="new-password" required />
      <TextField
        name="code"
        label="Code from the app"
        autoComplete="one-time-code"
        required
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '\\d{6}', maxLength: 6 } }}
      />
      <Button type="submit" variant="contained">
        Finish enrolment
      </Button>
    </Box>
  );
}

/**
 * Enrolment from the one-time link (`/admin/enrol#<token>`: the token stays in the fragment, never in
 * a request line or a log): the authenticator app, a password, a first code; then the recovery codes.
 */
export function EnrolPage() {
  const token = decodeURIComponent(window.location.hash.slice(1));
  const [start, setStart] = useState<Start | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(token ? null : 'This enrolment link is incomplete.');
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    if (!token) return;
    api<Start>('/auth/enrol/start', { method: 'POST', body: { token } })
      .then(async ({ data }) => {
        setStart(data);
        setQr(await QRCode.toDataURL(data.otpauthUrl, { margin: 1, width: 200 }));
      })
      .catch((e: Error) => setError(e.message));
  }, [token]);

  const enrol = async (form: FormData) => {
    if (form.get('password') !== form.get('confirm')) return setError('The two passwords differ.');
    try {
      const { data } = await api<StaffSession & { recoveryCodes: string[] }>('/auth/enrol', {
        method: 'POST',
        body: { token, password: form.get('password'), code: String(form.get('code')).trim() },
      });
      setSession(data);
      setCodes(data.recoveryCodes);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', bgcolor: 'grey.100' }}>
      <Card sx={{ width: 480 }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography component="h1" variant="h5">
            Set up your back-office account
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          {codes ? <RecoveryCodes codes={codes} /> : start && <EnrolForm start={start} qr={qr} onSubmit={enrol} />}
        </CardContent>
      </Card>
    </Box>
  );
}
