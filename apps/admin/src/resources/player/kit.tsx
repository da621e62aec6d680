import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useRecordContext } from 'react-admin';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { api } from '../../http.ts';

/** A list of the shown player's (`/players/:id/<part>`), and how to load it again after a change. */
export function usePlayerPart<T>(part: string): [T | null, () => void] {
  const id = useRecordContext()?.id;
  const [rows, setRows] = useState<T | null>(null);
  const load = useCallback(() => {
    if (id)
      api<T>(`/players/${id}/${part}`).then(
        (answer) => setRows(answer.data),
        () => setRows(null),
      );
  }, [id, part]);
  useEffect(load, [load]);
  return [rows, load];
}

/** One column of a small table: its heading and what a row shows in it. */
export type Column<T> = { label: string; cell: (row: T) => ReactNode; align?: 'right' };

/** A small table of a part of the player's page (labelled for screen readers), or a line when empty. */
export function PartTable<T>(props: {
  label: string;
  rows: readonly T[] | null | undefined;
  columns: readonly Column<T>[];
  rowKey: (row: T, index: number) => string;
  empty: string;
}) {
  if (!props.rows) return null;
  if (props.rows.length === 0) return <Typography>{props.empty}</Typography>;
  return (
    <Table size="small" aria-label={props.label}>
      <TableHead>
        <TableRow>
          {props.columns.map((c) => (
            <TableCell key={c.label} align={c.align}>
              {c.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {props.rows.map((row, i) => (
          <TableRow key={props.rowKey(row, i)}>
            {props.columns.map((c) => (
              <TableCell key={c.label} align={c.align}>
                {c.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A moment as staff read it (their browser's time zone), or a dash. */
export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');
