import { ProductType } from '../../../contract/enums'

export { ProductType }
export const PRODUCT_TYPE_VALUES = Object.values(ProductType) as readonly ProductType[]
