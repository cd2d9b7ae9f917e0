import { toast } from '../../../../components/toast';
import { apiErrorMessage, type CreateShipmentResponse, type ProcessShipmentResponse } from '../../api';
import { SHIPMENT_TOAST_MS } from './shipment-display';

interface Calls {
  create: (orderId: string) => Promise<CreateShipmentResponse>;
  process: (shipmentId: string) => Promise<ProcessShipmentResponse>;
}

/**
 * Create Shipment from the order-details modal: POST create, then process-ups for every shipment
 * still without a label, then the result toast; failures as docs/product/errors.md words them. True on success.
 */
export async function createAndProcessShipment(orderId: string, { create, process }: Calls): Promise<boolean> {
  let created: CreateShipmentResponse;
  try {
    created = await create(orderId);
  } catch (error) {
    toast.error(`Failed to create shipment: ${apiErrorMessage(error, 'Failed to create shipment')}`, { duration: SHIPMENT_TOAST_MS });
    return false;
  }
  if (created.shipments.length === 0) {
    toast.error('Failed to create shipment: No shipment found for this seller', { duration: SHIPMENT_TOAST_MS });
    return false;
  }
  const unlabelled = created.shipments.filter((shipment) => !(shipment.tracking_number ?? shipment.trackingNumber));
  let message = created.message;
  try {
    for (const shipment of unlabelled) message = (await process(shipment.id)).message;
  } catch (error) {
    toast.error(`Failed to create shipment: ${apiErrorMessage(error, 'Failed to process UPS shipment')}`, { duration: SHIPMENT_TOAST_MS });
    return false;
  }
  toast.success(message, { duration: SHIPMENT_TOAST_MS });
  return true;
}
