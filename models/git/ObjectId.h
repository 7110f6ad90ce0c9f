#pragma once

#include <QByteArray>

#include <array>
#include <cstdint>

namespace rd {

// A SHA-1 object name. A plain value so the diff model carries no libgit2 types.
class ObjectId
{
public:
    static constexpr int Size = 20;

    ObjectId() = default;
    explicit ObjectId(const unsigned char *raw);
    static ObjectId fromHex(QByteArrayView hex);

    bool isNull() const;
    QByteArray toHex() const;
    QByteArray abbreviated(int length = 7) const { return toHex().left(length); }
    const unsigned char *data() const { return m_bytes.data(); }

    bool operator==(const ObjectId &) const = default;

private:
    std::array<unsigned char, Size> m_bytes{};
};

} // namespace rd
