#include "ObjectId.h"

#include <algorithm>
#include <cstring>

namespace rd {

ObjectId::ObjectId(const unsigned char *raw)
{
    std::memcpy(m_bytes.data(), raw, Size);
}

ObjectId ObjectId::fromHex(QByteArrayView hex)
{
    ObjectId id;
    const QByteArray bytes = QByteArray::fromHex(hex.toByteArray());
    if (bytes.size() == Size)
        std::memcpy(id.m_bytes.data(), bytes.constData(), Size);
    return id;
}

bool ObjectId::isNull() const
{
    return std::all_of(m_bytes.begin(), m_bytes.end(), [](unsigned char b) { return b == 0; });
}

QByteArray ObjectId::toHex() const
{
    return QByteArray(reinterpret_cast<const char *>(m_bytes.data()), Size).toHex();
}

} // namespace rd
