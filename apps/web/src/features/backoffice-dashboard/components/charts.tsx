/**
 * The dashboard's charts (recharts: loaded by charts-lazy.tsx with the
 * /dashboard route only, beside the page, so the figures show first).
 * Colours come from the design tokens (app/styles/tokens.css). Each chart is
 * an image to assistive technology, named by its card; its numbers are in the
 * card's data table (components/chart-card.tsx).
 */
import type { DashboardVendas } from '@clinica/shared/schemas/dashboard';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { SITUACAO_LABEL } from '../../../lib/order-status';
import { formatBRL, formatBRLCompact, formatCount, formatDayLong, formatDayShort, pedidosLabel } from '../format';
import { corDoMeio, MEIO_LABEL, useTokens } from './chart-colors';
import styles from './charts.module.css';

/** In tests (jsdom has no layout) the container starts at this size. */
const INITIAL = { width: 640, height: 280 };
const AXIS_TICK = { fontSize: 12 };

function TooltipBox({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.tooltip}>
      <p className={styles.tooltipTitle}>{title}</p>
      {children}
    </div>
  );
}

type Dia = DashboardVendas['receitaPorDia'][number];

function RevenueTooltip({ active, payload }: TooltipContentProps) {
  const dia = payload?.[0]?.payload as Dia | undefined;
  if (!active || !dia) return null;
  return (
    <TooltipBox title={formatDayLong(dia.dia)}>
      <p>
        Receita: <strong>{formatBRL(dia.receita)}</strong>
      </p>
      <p>{pedidosLabel(dia.pedidos)} pago(s)</p>
    </TooltipBox>
  );
}

/** Up to six ticks from 0 on a round step (1, 2, 2.5 or 5 × 10ⁿ) reaching `max`. */
export function roundTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const ticks = [0];
  while (ticks.at(-1)! < max) ticks.push(Math.round((ticks.at(-1)! + step) * 100) / 100);
  return ticks;
}

/** Revenue per day: one bar per day of the period (days without sales stay empty), R$ on the axis. */
export function RevenueChart({ dias }: { dias: DashboardVendas['receitaPorDia'] }) {
  const c = useTokens();
  // The axis counts reais, on round steps (R$ 500, R$ 1 mil…).
  const data = dias.map((d) => ({ ...d, reais: d.receita / 100 }));
  const ticks = roundTicks(Math.max(0, ...data.map((d) => d.reais)));
  return (
    <ResponsiveContainer width="100%" height={280} initialDimension={INITIAL}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 4 }} accessibilityLayer={false}>
        <CartesianGrid stroke={c.border} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="dia"
          tickFormatter={formatDayShort}
          tick={{ ...AXIS_TICK, fill: c.muted }}
          stroke={c.border}
          minTickGap={16}
          interval="preserveStartEnd"
        />
        <YAxis
          ticks={ticks}
          domain={[0, ticks.at(-1)!]}
          tickFormatter={(v: number) => formatBRLCompact(Math.round(v * 100))}
          tick={{ ...AXIS_TICK, fill: c.muted }}
          stroke={c.border}
          width={76}
        />
        <Tooltip content={RevenueTooltip} cursor={{ fill: c.primary200, fillOpacity: 0.35 }} />
        <Bar
          dataKey="reais"
          name="Receita"
          fill={c.primary500}
          radius={[3, 3, 0, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

type Situacao = DashboardVendas['pedidosPorSituacao'][number];

function StatusTooltip({ active, payload }: TooltipContentProps) {
  const s = payload?.[0]?.payload as (Situacao & { rotulo: string }) | undefined;
  if (!active || !s) return null;
  return (
    <TooltipBox title={s.rotulo}>
      <p>
        <strong>{pedidosLabel(s.quantidade)}</strong>
      </p>
      <p>Valor: {formatBRL(s.valor)}</p>
    </TooltipBox>
  );
}

/** Orders by status: one horizontal bar per status, in the status colours, with the count at its end. */
export function StatusChart({ situacoes }: { situacoes: DashboardVendas['pedidosPorSituacao'] }) {
  const c = useTokens();
  const cor: Record<Situacao['situacao'], string> = {
    PENDENTE: c.accent700,
    PAGO: c.success,
    ENVIADO: c.primary500,
    ENTREGUE: c.primary800,
    CANCELADO: c.danger,
    RECUSADO: c.muted,
    DEVOLUCAO_SOLICITADA: c.accent700,
  };
  const data = situacoes.map((s) => ({ ...s, rotulo: SITUACAO_LABEL[s.situacao], fill: cor[s.situacao] }));
  return (
    <ResponsiveContainer width="100%" height={260} initialDimension={INITIAL}>
      <BarChart
        data={data}
        layout="vertical"
        margin={{ top: 4, right: 36, bottom: 4, left: 4 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={c.border} strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={{ ...AXIS_TICK, fill: c.muted }} stroke={c.border} />
        <YAxis type="category" dataKey="rotulo" width={84} tick={{ ...AXIS_TICK, fill: c.text }} stroke={c.border} />
        <Tooltip content={StatusTooltip} cursor={{ fill: c.border, fillOpacity: 0.4 }} />
        <Bar dataKey="quantidade" name="Pedidos" radius={[0, 4, 4, 0]} maxBarSize={26} isAnimationActive={false}>
          <LabelList dataKey="quantidade" position="right" fill={c.text} fontSize={12} formatter={formatCountLabel} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

const formatCountLabel = (v: unknown) => (typeof v === 'number' ? formatCount(v) : '');

type Meio = DashboardVendas['porPagamento'][number];

function PaymentTooltip({ active, payload }: TooltipContentProps) {
  const m = payload?.[0]?.payload as (Meio & { rotulo: string }) | undefined;
  if (!active || !m) return null;
  return (
    <TooltipBox title={m.rotulo}>
      <p>
        Receita: <strong>{formatBRL(m.receita)}</strong>
      </p>
      <p>{pedidosLabel(m.pedidos)}</p>
    </TooltipBox>
  );
}

/** PIX × card: a donut of the revenue of each. */
export function PaymentChart({ meios }: { meios: DashboardVendas['porPagamento'] }) {
  const cor = corDoMeio(useTokens());
  const data = meios.map((m) => ({ ...m, rotulo: MEIO_LABEL[m.tipoPagamento], fill: cor[m.tipoPagamento] }));
  return (
    <ResponsiveContainer width="100%" height={200} initialDimension={{ width: 200, height: 200 }}>
      <PieChart accessibilityLayer={false}>
        <Tooltip content={PaymentTooltip} />
        <Pie
          data={data}
          dataKey="receita"
          nameKey="rotulo"
          innerRadius="58%"
          outerRadius="92%"
          paddingAngle={data.filter((m) => m.receita > 0).length > 1 ? 2 : 0}
          stroke="none"
          isAnimationActive={false}
        />
      </PieChart>
    </ResponsiveContainer>
  );
}
