/**
 * DynamoDB on-demand, us-east-1, since November 2024: $0.625 per million write request units
 * (one unit writes an item of up to 1 KB; a transaction's item takes two). One figure for every
 * bench row that projects a cost.
 */
export const DOLLARS_PER_MILLION_WRITE_UNITS = 0.625;
