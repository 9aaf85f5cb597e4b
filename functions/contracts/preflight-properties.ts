import * as v from 'valibot';
import type { PreflightSettings } from '../deployment/domain/preflight-rules';

/**
 * The stage preflight's custom resource properties: the contract between the stack, which
 * writes them (lib/stage-preflight-resource.ts), and the handler, which reads them. CloudFormation hands
 * every property over as a string. A change of any of them is an Update, which checks again.
 */
export function preflightProperties(settings: PreflightSettings): Record<string, string> {
  const generator = settings.reportGenerator;
  return {
    StageFile: settings.stageFile,
    Protected: String(settings.isProtected),
    ...(generator
      ? {
          ReportGeneratorFunction: generator.functionName,
          ReportGeneratorConcurrency: String(generator.reservedConcurrency),
        }
      : {}),
  };
}

const propertiesSchema = v.object({
  StageFile: v.pipe(v.string(), v.minLength(1)),
  Protected: v.picklist(['true', 'false']),
  ReportGeneratorFunction: v.optional(v.pipe(v.string(), v.minLength(1))),
  ReportGeneratorConcurrency: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d*$/))),
});

/** The properties of a request read back as settings; throws a one-line error naming what is wrong. */
export function readPreflightProperties(properties: unknown): PreflightSettings {
  const parsed = v.safeParse(propertiesSchema, properties);
  if (!parsed.success) {
    const [issue] = parsed.issues;
    throw new Error(`Invalid preflight property ${v.getDotPath(issue) ?? ''}: ${issue.message}`);
  }
  const { StageFile, Protected, ReportGeneratorFunction, ReportGeneratorConcurrency } = parsed.output;
  return {
    stageFile: StageFile,
    isProtected: Protected === 'true',
    ...(ReportGeneratorFunction !== undefined && ReportGeneratorConcurrency !== undefined
      ? {
          reportGenerator: {
            functionName: ReportGeneratorFunction,
            reservedConcurrency: Number(ReportGeneratorConcurrency),
          },
        }
      : {}),
  };
}
