"""The site's few staff-set links: its profiles on social networks (the footer)."""

from django.core.validators import URLValidator
from django.db import models
from django.utils.translation import gettext_lazy as _


class SocialLink(models.Model):
    """One network's profile. The footer shows an icon per saved link and none for a
    network without one, so no icon ever leads nowhere."""

    class Network(models.TextChoices):
        TWITTER = "twitter", "Twitter"
        FACEBOOK = "facebook", "Facebook"
        INSTAGRAM = "instagram", "Instagram"

    # Translators: admin field: which social network a footer link is for.
    network = models.CharField(_("network"), max_length=20, choices=Network, unique=True)
    url = models.URLField(
        # Translators: admin field: the address of the site's profile on a social network.
        _("profile address"),
        max_length=300,
        validators=[URLValidator(schemes=["https", "http"])],
        # Translators: help text of the admin field above.
        help_text=_("The full address of the site's profile, starting with https://."),
    )
    order = models.PositiveSmallIntegerField(_("order"), default=0)

    class Meta:
        ordering = ["order", "network"]
        # Translators: admin: one link to the site's profile on a social network.
        verbose_name = _("social link")
        # Translators: admin: the list of links to the site's social profiles (the footer).
        verbose_name_plural = _("social links")

    def __str__(self) -> str:
        return self.get_network_display()
