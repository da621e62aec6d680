import { useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { Button } from '@/shared/ui/button.tsx';
import { toast } from '@/shared/ui/toast.ts';

/** A QR code drawn as an SVG image (no HTML injected): the library loads with the wallet, not before. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toString }) =>
      toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      }),
    );
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <div className="grid size-48 place-items-center rounded-xl bg-white p-2">
      {src ? <img src={src} alt={label} className="size-full" /> : <span className="sr-only">{label}</span>}
    </div>
  );
}

/** A value with a copy button (addresses, tags, payment codes). */
export function CopyValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const copy = () =>
    void navigator.clipboard
      ?.writeText(value)
      .then(() => toast({ type: 'success', title: t('wallet.pay.copied', { label }) }))
      .catch(() => toast({ type: 'error', title: t('wallet.pay.copyFailed') }));
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-fg">{label}</span>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-lg border border-line bg-page px-3 py-2 text-sm text-fg">
          {value}
        </code>
        <Button size="sm" variant="secondary" onClick={copy} aria-label={t('wallet.pay.copyLabel', { label })}>
          {t('wallet.pay.copy')}
        </Button>
      </div>
    </div>
  );
}
