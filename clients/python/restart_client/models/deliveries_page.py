from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.delivery import Delivery


T = TypeVar("T", bound="DeliveriesPage")


@_attrs_define
class DeliveriesPage:
    """
    Attributes:
        deliveries (list[Delivery]):
        next_ (None | str): The `cursor` of the next page; null at the end.
    """

    deliveries: list[Delivery]
    next_: None | str

    def to_dict(self) -> dict[str, Any]:
        deliveries = []
        for deliveries_item_data in self.deliveries:
            deliveries_item = deliveries_item_data.to_dict()
            deliveries.append(deliveries_item)

        next_: None | str
        next_ = self.next_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deliveries": deliveries,
                "next": next_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.delivery import Delivery  # noqa: PLC0415

        d = dict(src_dict)
        deliveries = []
        _deliveries = d.pop("deliveries")
        for deliveries_item_data in _deliveries:
            deliveries_item = Delivery.from_dict(deliveries_item_data)

            deliveries.append(deliveries_item)

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))

        deliveries_page = cls(
            deliveries=deliveries,
            next_=next_,
        )

        return deliveries_page
